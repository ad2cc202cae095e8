import { type ComponentType, Suspense, lazy, useEffect, useState } from 'react'
import { memoryKeys, isPopoverDue, recordPopoverShown } from '~/browser/browser-memory'
import { popoverTiming } from './popover-timing'

/**
 * When the spec §4 popovers of search and listing pages show. Their code (popovers.tsx) is fetched only when one is to show,
 * after the page has hydrated, so none of it is in a page's first script.
 */
const SavedSearchPopover = lazy(() => import('./popovers').then((module) => ({ default: module.SavedSearchPopover })))
const LeadNudgePopover = lazy(() => import('./popovers').then((module) => ({ default: module.LeadNudgePopover })))

interface DuePopoverProps {
  memoryKey: keyof typeof memoryKeys
  /** How long the page must have been open first. */
  afterMs: number
  /** How long after it was last shown it may show again (spec §4). */
  intervalMs: number
  popover: ComponentType
}

/** The popover, once the page has been open `afterMs`, if it is due again; its showing is recorded with the date. */
function DuePopover({ memoryKey, afterMs, intervalMs, popover: Popover }: DuePopoverProps) {
  const [isDue, setIsDue] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => {
      if (!isPopoverDue(memoryKeys[memoryKey], intervalMs)) return
      recordPopoverShown(memoryKeys[memoryKey])
      setIsDue(true)
    }, afterMs)
    return () => clearTimeout(timer)
  }, [memoryKey, afterMs, intervalMs])
  return isDue ? (
    <Suspense fallback={null}>
      <Popover />
    </Suspense>
  ) : null
}

/** On a search that is not saved, after 30 seconds: again 30 days after it was last shown. */
export function SavedSearchOffer() {
  return (
    <DuePopover
      memoryKey="savedSearchPopover"
      afterMs={popoverTiming.savedSearchAfterMs}
      intervalMs={popoverTiming.savedSearchIntervalMs}
      popover={SavedSearchPopover}
    />
  )
}

/** On a listing with a contact form, after 20 seconds: again 24 hours after it was last shown. */
export function LeadNudge() {
  return (
    <DuePopover memoryKey="leadNudgePopover" afterMs={popoverTiming.leadNudgeAfterMs} intervalMs={popoverTiming.leadNudgeIntervalMs} popover={LeadNudgePopover} />
  )
}
