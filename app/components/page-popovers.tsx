import { type ComponentType, Suspense, lazy, useEffect, useState } from 'react'
import { memoryKeys, isPopoverDue, recordPopoverShown } from '~/utils/browser-memory'
import { popoverTiming } from './popover-timing'

/**
 * When the spec §4 popovers show. Their code (popovers.tsx) is fetched only when one is to show,
 * after the page has hydrated, so none of it is in a page's first script.
 */
const SavedSearchPopover = lazy(() => import('./popovers').then((module) => ({ default: module.SavedSearchPopover })))
const LeadNudgePopover = lazy(() => import('./popovers').then((module) => ({ default: module.LeadNudgePopover })))
const SellerWelcomePopover = lazy(() => import('./popovers').then((module) => ({ default: module.SellerWelcomePopover })))

/** After hydration, the popover if it is due again (spec §4); its showing is recorded with the date. */
function DuePopover({ memoryKey, intervalMs, popover: Popover }: { memoryKey: keyof typeof memoryKeys; intervalMs: number; popover: ComponentType }) {
  const [isDue, setIsDue] = useState(false)
  useEffect(() => {
    if (!isPopoverDue(memoryKeys[memoryKey], intervalMs)) return
    recordPopoverShown(memoryKeys[memoryKey])
    setIsDue(true)
  }, [memoryKey, intervalMs])
  return isDue ? (
    <Suspense fallback={null}>
      <Popover />
    </Suspense>
  ) : null
}

/** On a search that is not saved: again 30 days after it was last shown. */
export function SavedSearchOffer() {
  return <DuePopover memoryKey="savedSearchPopover" intervalMs={popoverTiming.savedSearchIntervalMs} popover={SavedSearchPopover} />
}

/** On a listing with a contact form: again 24 hours after it was last shown. */
export function LeadNudge() {
  return <DuePopover memoryKey="leadNudgePopover" intervalMs={popoverTiming.leadNudgeIntervalMs} popover={LeadNudgePopover} />
}

/** The sellers' welcome, when the server says this page is the first after such a login (stored once per seller). */
export function SellerWelcome({ isDue }: { isDue: boolean }) {
  const [isHydrated, setIsHydrated] = useState(false)
  useEffect(() => setIsHydrated(true), [])
  return isDue && isHydrated ? (
    <Suspense fallback={null}>
      <SellerWelcomePopover />
    </Suspense>
  ) : null
}
