import { createContext, useContext } from 'react'

/**
 * Whether this page is the lighter one (low-data.ts): the root's layout provides the root loader's
 * decision; a component drawn outside it (a unit test) gets the normal page.
 */
const LowDataContext = createContext(false)

export const LowDataProvider = LowDataContext.Provider

export function useLowData(): boolean {
  return useContext(LowDataContext)
}
