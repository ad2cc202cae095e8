import { Suspense, lazy, useEffect, useState } from 'react'
import { watchSession } from '~/browser/session-watch'

/** Loaded only on the page that shows it. */
const SellerWelcomePopover = lazy(() => import('./popovers').then((module) => ({ default: module.SellerWelcomePopover })))

/**
 * The session's part of every page once it has hydrated (spec §4): the login status recheck and
 * the visitors' likes (`session-watch.ts`: in the root's chunk, which every page fetches only once it
 * has loaded, decision 0013; its own chunk cost each page a request, decision 0032), and a seller's welcome
 * popover when the server says this is the first page after such a login (stored once per seller).
 */
export function SessionExtras({
  isSignedIn,
  sellerWelcome,
  loginStatusIntervalMinutes,
}: {
  isSignedIn: boolean
  sellerWelcome: boolean
  loginStatusIntervalMinutes: number
}) {
  const [isHydrated, setIsHydrated] = useState(false)
  useEffect(() => setIsHydrated(true), [])
  useEffect(() => watchSession(isSignedIn, loginStatusIntervalMinutes), [isSignedIn, loginStatusIntervalMinutes])
  return sellerWelcome && isHydrated ? (
    <Suspense fallback={null}>
      <SellerWelcomePopover />
    </Suspense>
  ) : null
}
