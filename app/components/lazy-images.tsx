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
 * `data-lazy-src` / `data-lazy-srcset`, shows an empty picture of the image's width and height (its box
 * keeps its shape), and gives the sources back when an intersection observer sees the image
 * within the margin, or before printing. A source React changes later on a held image is held in
 * turn; an image already given back stays the browser's. Without IntersectionObserver nothing is
 * held.
 */
const lazyImageScript = `(() => {
  if (!('IntersectionObserver' in window)) return
  // An empty picture of the image's own proportions: its box keeps the shape the real photo will have.
  const blankPrefix = 'data:image/svg+xml,'
  const blankFor = (img) =>
    blankPrefix + encodeURIComponent(\`<svg xmlns="http://www.w3.org/2000/svg" width="\${img.getAttribute('width') ?? 1}" height="\${img.getAttribute('height') ?? 1}"/>\`)
  const observers = {}
  const release = (img) => {
    const { lazySrc, lazySrcset } = img.dataset
    img.dataset.lazyLoaded = ''
    delete img.dataset.lazySrc
    delete img.dataset.lazySrcset
    if (lazySrcset) img.srcset = lazySrcset
    img.src = lazySrc
  }
  const observerFor = (margin) =>
    (observers[margin] ??= new IntersectionObserver((entries, observer) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue
        observer.unobserve(entry.target)
        release(entry.target)
      }
    }, { rootMargin: margin + 'px' }))
  const hold = (img) => {
    if (img.tagName !== 'IMG' || img.getAttribute('loading') !== 'lazy' || 'lazyLoaded' in img.dataset) return
    const src = img.getAttribute('src')
    const srcset = img.getAttribute('srcset')
    const isBlank = src?.startsWith(blankPrefix)
    if (src && !isBlank) img.dataset.lazySrc = src
    if (srcset) img.dataset.lazySrcset = srcset
    if (img.dataset.lazySrc === undefined) return
    if (srcset) img.removeAttribute('srcset')
    if (!isBlank) img.src = blankFor(img)
    observerFor(img.dataset.lazyMargin ?? '40').observe(img)
  }
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') hold(record.target)
      else for (const node of record.addedNodes) if (node.nodeType === 1) [node, ...node.getElementsByTagName('img')].forEach(hold)
    }
  }).observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ['src', 'srcset'] })
  addEventListener('beforeprint', () => document.querySelectorAll('img[data-lazy-src]').forEach(release))
})()`

export function LazyImageScript({ nonce }: { nonce: string | undefined }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: lazyImageScript }} />
}
