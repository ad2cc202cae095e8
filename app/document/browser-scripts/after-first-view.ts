/**
 * `afterFirstView(start)` runs `start` once the first view has been painted, so that what it
 * starts (the framework, the data layer's runtime) never competes with the first view on a slow
 * link (decision 0013): after the window's `load` event, a frame after the browser reports the
 * page's priority photo (`img[fetchpriority=high]`) as its largest paint, or 500 ms after `load`
 * when it reports no such paint (the photo is not the largest on a wide screen, or hidden). Frames
 * after `load` were not enough: the photo's paint reached the screen after the framework's fetch
 * had begun, and on a rural link that fetch delayed it by seconds. A page without a priority
 * photo, or a browser that reports no largest paint, starts two frames after `load`.
 *
 * `w` is the window (a test passes its own).
 */
export function afterFirstView(start: () => void, w: Window & typeof globalThis = window) {
  const nextFrame = (then: () => void) => w.requestAnimationFrame(() => w.setTimeout(then))
  w.addEventListener(
    'load',
    () => {
      const photo = w.document.querySelector<HTMLImageElement>('img[fetchpriority=high]')
      const Observer = w.PerformanceObserver
      let isStarted = false
      const go = () => {
        if (isStarted) return
        isStarted = true
        nextFrame(start)
      }
      if (!photo || !Observer || !(Observer.supportedEntryTypes ?? []).includes('largest-contentful-paint')) return nextFrame(go)
      new Observer((list, observer) => {
        for (const entry of list.getEntries() as PerformanceEntry[] & { url?: string }[]) {
          if (entry.url && entry.url === photo.currentSrc) {
            observer.disconnect()
            go()
          }
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true })
      w.setTimeout(go, 500)
    },
    { once: true },
  )
}
