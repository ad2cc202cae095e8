import { useState } from 'react'

/**
 * The srcset of the page's priority photo as the server drew it, with the phone's rendition written
 * in as a `data:` URL (decision 0041), when `srcSet` is that photo's; otherwise `srcSet` itself.
 * React then hydrates the photo as it is, and a card that turns into a carousel keeps the
 * rendition in its first slide instead of fetching it again.
 */
export function useDrawnPrioritySrcSet(srcSet: string) {
  const [drawn] = useState(() => drawnPrioritySrcSet(srcSet))
  return drawn
}

function drawnPrioritySrcSet(srcSet: string) {
  if (typeof document === 'undefined') return srcSet
  const drawn = document.querySelector('img[fetchpriority="high"]')?.getAttribute('srcset')
  if (!drawn?.includes('data:')) return srcSet
  // A client-side navigation renders the next page while the last one's photo is still drawn.
  const candidates = new Set(srcSet.split(', '))
  const isThisPhoto = drawn.split(', ').every((candidate) => candidate.startsWith('data:') || candidates.has(candidate))
  return isThisPhoto ? drawn : srcSet
}
