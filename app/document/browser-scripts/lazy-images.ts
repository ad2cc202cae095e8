/**
 * Inline in every page's head (components/lazy-images.tsx), so it runs before the body is parsed:
 * holds back each lazy image as the parser or React inserts it, and gives its sources back within
 * the margin (spec §9, decision 0040). `hold` takes an image's sources and `release` gives them
 * back. A held image has no placeholder source: a data: URL is a request to Lighthouse's
 * simulation, and one ending beside the priority photo's cost that photo an extra 700 ms round trip
 * in the rural profile.
 */
if ('IntersectionObserver' in window) {
  const observers: Record<string, IntersectionObserver> = {}

  const release = (image: HTMLImageElement) => {
    const { lazySrc, lazySrcset } = image.dataset
    image.dataset.lazyLoaded = ''
    delete image.dataset.lazySrc
    delete image.dataset.lazySrcset
    if (lazySrcset) image.srcset = lazySrcset
    image.src = lazySrc!
  }

  const observerFor = (margin: string) =>
    (observers[margin] ??= new IntersectionObserver(
      (entries, observer) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue
          observer.unobserve(entry.target)
          release(entry.target as HTMLImageElement)
        }
      },
      { rootMargin: `${margin}px` },
    ))

  const hold = (node: Node) => {
    const image = node as HTMLImageElement
    if (image.tagName !== 'IMG' || image.getAttribute('loading') !== 'lazy' || 'lazyLoaded' in image.dataset) return
    const src = image.getAttribute('src')
    const srcset = image.getAttribute('srcset')
    if (src) image.dataset.lazySrc = src
    if (srcset) image.dataset.lazySrcset = srcset
    if (image.dataset.lazySrc == null) return
    if (srcset) image.removeAttribute('srcset')
    if (src) image.removeAttribute('src')
    observerFor(image.dataset.lazyMargin || '40').observe(image)
  }

  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') hold(record.target)
      else {
        record.addedNodes.forEach((node) => {
          if (node.nodeType !== 1) return
          hold(node)
          for (const image of (node as Element).getElementsByTagName('img')) hold(image)
        })
      }
    }
  }).observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ['src', 'srcset'] })
  addEventListener('beforeprint', () => document.querySelectorAll<HTMLImageElement>('img[data-lazy-src]').forEach(release))
}
