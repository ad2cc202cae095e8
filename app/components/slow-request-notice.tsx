import { useEffect, useState } from 'react'
import { useFetchers, useNavigation } from 'react-router'

/** A request that takes longer than this is slow enough to say so (issue 20 item 5). */
export const slowRequestMs = 10_000

export const slowRequestMessage = 'Still loading — your connection is slow.'

/**
 * A small, polite notice when a navigation, a form's submission or a fetcher's request has taken
 * over ten seconds (issue 20 item 5, decision 0035), gone as soon as it is done; on a rural link a
 * page that seems to do nothing is clicked again or left. Without scripts the browser's own
 * loading indicator does this.
 */
export function SlowRequestNotice() {
  const navigation = useNavigation()
  const fetchers = useFetchers()
  const isBusy = navigation.state !== 'idle' || fetchers.some((fetcher) => fetcher.state !== 'idle')
  const [isSlow, setIsSlow] = useState(false)
  useEffect(() => {
    if (!isBusy) return setIsSlow(false)
    const timer = setTimeout(() => setIsSlow(true), slowRequestMs)
    return () => clearTimeout(timer)
  }, [isBusy])
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center print:hidden">
      {isSlow ? <p className="rounded-md bg-ink px-4 py-2 text-sm font-medium text-white shadow-lg">{slowRequestMessage}</p> : null}
    </div>
  )
}
