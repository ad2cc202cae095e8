import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import { listingFormSectionIds } from '~/models/listings/listing-form-ids'
import { mobileMediaQuery, popoverTiming } from './popover-timing'

/**
 * The popovers of spec §4, loaded only when one is to show (page-popovers.tsx decides when). Each
 * is a small non-modal message: announced as a status (its text arrives after the region, so
 * screen readers read it), dismissible by its button or Escape, never holding focus; it fades in
 * and out in 300 ms (spec §9) and may hide itself after a time.
 */
function Popover({ label, hideAfterMs, children }: { label: string; hideAfterMs?: number; children: ReactNode }) {
  const [isShown, setIsShown] = useState(false)
  const [isGone, setIsGone] = useState(false)
  const region = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const frame = requestAnimationFrame(() => setIsShown(true))
    return () => cancelAnimationFrame(frame)
  }, [])
  const hide = useCallback(() => {
    setIsShown(false)
    setTimeout(() => setIsGone(true), popoverTiming.fadeMs)
  }, [])
  // Escape dismisses it while focus is inside it (on its button or link); it never takes focus itself.
  useEffect(() => {
    const element = region.current
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && hide()
    element?.addEventListener('keydown', onKeyDown)
    return () => element?.removeEventListener('keydown', onKeyDown)
  }, [hide, isGone])
  useEffect(() => {
    if (hideAfterMs === undefined) return
    const timer = setTimeout(hide, hideAfterMs)
    return () => clearTimeout(timer)
  }, [hideAfterMs, hide])
  if (isGone) return null
  return (
    <div
      ref={region}
      role="status"
      aria-label={label}
      className={`fixed inset-x-4 bottom-4 z-40 flex items-start gap-3 rounded-lg border border-ink/20 bg-white p-4 text-ink shadow-xl transition-opacity duration-300 small:right-auto small:max-w-sm ${isShown ? 'opacity-100' : 'opacity-0'}`}
    >
      <div className="flex-1">{isShown ? children : null}</div>
      <button type="button" onClick={hide} aria-label={`Dismiss: ${label}`} className="rounded px-2 text-2xl leading-none text-ink/70 hover:text-ink">
        ×
      </button>
    </div>
  )
}

/** Spec §4: once per seller, after logging in; hidden after 5 s on a phone, 10 s elsewhere. */
export function SellerWelcomePopover() {
  const { mobile, other } = popoverTiming.sellerWelcomeHideAfterMs
  const [hideAfterMs] = useState(() => (window.matchMedia(mobileMediaQuery).matches ? mobile : other))
  return (
    <Popover label="Welcome" hideAfterMs={hideAfterMs}>
      <p>Welcome back! Manage your account and listings from the Account menu.</p>
    </Popover>
  )
}

/** Spec §4: offered on a search that is not saved, again 30 days after it was last shown. */
export function SavedSearchPopover() {
  return (
    <Popover label="Save this search">
      <p className="font-semibold">Come back to this search any time</p>
      <p className="mt-1 text-sm">Use Save Search above the results, and choose to get new listings by e-mail.</p>
    </Popover>
  )
}

/** Spec §4: on a listing with a contact form, again 24 hours after it was last shown; hidden after 10 s. */
export function LeadNudgePopover() {
  return (
    <Popover label="Contact the seller" hideAfterMs={popoverTiming.leadNudgeHideAfterMs}>
      <p className="font-semibold">Interested in this property?</p>
      <p className="mt-1 text-sm">
        <a href={`#${listingFormSectionIds.contact}`} className="font-semibold text-brand underline">
          Ask the seller
        </a>
        {' about it: price, access, water, anything.'}
      </p>
    </Popover>
  )
}
