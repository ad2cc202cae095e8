import { Suspense, lazy, useEffect, useState } from 'react'
import { viewedListingIds } from '~/browser/recently-viewed'

// Only for a browser that has viewed listings, after the page: not part of the page's first script.
const RecentlyViewedStrip = lazy(() => import('./recently-viewed-strip'))

/**
 * 'Recently viewed' on the home and search pages: the listings this browser opened (ids from its
 * storage). Drawn only by scripts, after the page: without them, or with nothing viewed, nothing
 * shows. At the end of the page, so it moves nothing in view when it appears.
 */
export function RecentlyViewedListings() {
  const [ids, setIds] = useState<number[]>([])
  useEffect(() => setIds(viewedListingIds()), [])
  if (ids.length === 0) return null
  return (
    <Suspense fallback={null}>
      <RecentlyViewedStrip ids={ids} />
    </Suspense>
  )
}
