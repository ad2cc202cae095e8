import lazyImageScript from 'virtual:browser-script/lazy-images'

/**
 * Spec §9: a lazy image loads within 40 px of the viewport (0 px in the map view's list, marked
 * `data-lazy-margin="0"`). The browser's own distance is 1,250–2,500 px in Chrome: on a phone it
 * fetched the next five cards' photos and portraits together with the one in view, and on a rural
 * link they shared its bandwidth (decision 0040).
 *
 * The server draws plain `<img loading="lazy" src srcset>`, complete without scripts. This script,
 * inline in the head so that it runs before the body is parsed and long before the framework,
 * holds back each lazy image as the parser or React inserts it: a mutation observer's callback runs
 * before the browser lays the image out and starts its own lazy load. It moves the sources to
 * `data-lazy-src` / `data-lazy-srcset`, leaving the image without a source (its box keeps its shape: the
 * width and height attributes give its proportions), and gives the sources back when an intersection observer sees the image
 * within the margin, or before printing. A source React changes later on a held image is held in
 * turn; an image already given back stays the browser's. Without IntersectionObserver nothing is
 * held.
 *
 * The script is app/document/browser-scripts/lazy-images.ts, which Vite builds into one small
 * classic script (vite-plugins/browser-scripts.ts).
 */
export function LazyImageScript({ nonce }: { nonce: string | undefined }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: lazyImageScript }} />
}
