import { useState } from 'react'

/**
 * The srcset of one of the page's priority photos as the server drew it, with the phone's rendition written
 * in as a `data:` URL in place of it and the smaller candidates (decision 0041), when the page drew
 * the photo at `src` with it; otherwise `srcSet` itself. React then hydrates the photo as it is, and
 * a card that turns into a carousel keeps the rendition in its first slide instead of fetching it.
 */
export function useDrawnPrioritySrcSet(src: string, srcSet: string) {
  const [drawn] = useState(() => drawnPrioritySrcSet(src, srcSet))
  return drawn
}

function drawnPrioritySrcSet(src: string, srcSet: string) {
  if (typeof document === 'undefined' || !src) return srcSet
  // The photo is known by its `src`, which the server leaves as it is: a drawn srcset may hold nothing
  // but its `data:` candidate. A client-side navigation renders the next page while the last one's
  // photos are still drawn, so the rest of the drawn srcset must be this one's too.
  const candidates = new Set(srcSet.split(', '))
  const isThisPhoto = (drawn: string) => drawn.split(', ').every((candidate) => candidate.startsWith('data:') || candidates.has(candidate))
  const drawn = [...document.querySelectorAll('img[fetchpriority="high"]')]
    .filter((image) => image.getAttribute('src') === src)
    .map((image) => image.getAttribute('srcset') ?? '')
    .find((drawnSrcSet) => drawnSrcSet.includes('data:') && isThisPhoto(drawnSrcSet))
  return drawn ?? srcSet
}
