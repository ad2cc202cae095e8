import { Suspense, lazy, useEffect, useState } from 'react'

/** Loaded only on the page that shows it. */
const SellerWelcomePopover = lazy(() => import('./popovers').then((module) => ({ default: module.SellerWelcomePopover })))

/**
 * The session's part of every page once it has hydrated (spec §4): the login status recheck and
 * the visitors' likes (`session-watch.ts`, fetched after hydration), and a seller's welcome
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
  useEffect(() => {
    let stop: (() => void) | undefined
    let isLeft = false
    void import('~/utils/session-watch').then(({ watchSession }) => {
      if (!isLeft) stop = watchSession(isSignedIn, loginStatusIntervalMinutes)
    })
    return () => {
      isLeft = true
      stop?.()
    }
  }, [isSignedIn, loginStatusIntervalMinutes])
  return sellerWelcome && isHydrated ? (
    <Suspense fallback={null}>
      <SellerWelcomePopover />
    </Suspense>
  ) : null
}
