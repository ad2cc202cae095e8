import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { afterFirstView } from '~/document/browser-scripts/after-first-view'

/**
 * The pages' inline scripts start the framework and the data layer's runtime with `afterFirstView`
 * (decision 0013): run here against a window whose load event, largest-paint reports and frames
 * (16 ms, on fake timers) the test moves on by hand.
 */
const photoUrl = 'http://land.localhost/resizedimages/500/750/cover/60/webp/1-96'
const frameMs = 16

function page({ hasPhoto = true, reportsLargestPaint = true } = {}) {
  const started: number[] = []
  const loadListeners: (() => void)[] = []
  const reported: { url: string }[] = []
  const observers: { callback: (list: { getEntries: () => object[] }, observer: object) => void; isConnected: boolean }[] = []
  class FakeObserver {
    static supportedEntryTypes = reportsLargestPaint ? ['largest-contentful-paint'] : []
    isConnected = true
    constructor(readonly callback: (list: { getEntries: () => object[] }, observer: object) => void) {
      observers.push(this)
    }
    observe({ buffered }: { buffered: boolean }) {
      if (buffered && reported.length) this.callback({ getEntries: () => [...reported] }, this)
    }
    disconnect() {
      this.isConnected = false
    }
  }
  const browser = {
    PerformanceObserver: FakeObserver,
    addEventListener: (type: string, listener: () => void) => type === 'load' && loadListeners.push(listener),
    document: { querySelector: (selector: string) => (hasPhoto && selector === 'img[fetchpriority=high]' ? { currentSrc: photoUrl } : null) },
    requestAnimationFrame: (callback: () => void) => setTimeout(callback, frameMs),
    setTimeout: (callback: () => void, ms = 0) => setTimeout(callback, ms),
  }
  afterFirstView(() => started.push(Date.now()), browser as unknown as Window & typeof globalThis)
  return {
    started,
    load: () => loadListeners.forEach((listener) => listener()),
    /** The browser reports a largest paint of this image. */
    paint: (url: string) => {
      reported.push({ url })
      observers.filter((observer) => observer.isConnected).forEach((observer) => observer.callback({ getEntries: () => [{ url }] }, observer))
    },
  }
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 })
})

afterEach(() => {
  vi.useRealTimers()
})

describe('afterFirstView', () => {
  test('runs nothing before load, nor before the browser reports the priority photo as the largest paint; then a frame later', () => {
    const view = page()
    vi.advanceTimersByTime(1000)
    view.load()
    vi.advanceTimersByTime(300)
    view.paint('http://land.localhost/favicon.svg')
    vi.advanceTimersByTime(100)
    expect(view.started).toEqual([])
    view.paint(photoUrl)
    vi.advanceTimersByTime(frameMs + 1)
    expect(view.started).toEqual([1000 + 400 + frameMs + 1])
    vi.advanceTimersByTime(1000)
    expect(view.started).toHaveLength(1)
  })

  test('a photo painted before load starts it a frame after load', () => {
    const view = page()
    view.paint(photoUrl)
    view.load()
    vi.advanceTimersByTime(frameMs + 1)
    expect(view.started).toEqual([frameMs + 1])
  })

  test('when the photo is never reported as the largest paint, it starts 500 ms after load', () => {
    const view = page()
    view.load()
    vi.advanceTimersByTime(500 + frameMs)
    expect(view.started).toEqual([])
    vi.advanceTimersByTime(1)
    expect(view.started).toEqual([500 + frameMs + 1])
  })

  test('a page without a priority photo, or a browser that reports no largest paint, starts two frames after load', () => {
    for (const view of [page({ hasPhoto: false }), page({ reportsLargestPaint: false })]) {
      vi.setSystemTime(0)
      view.load()
      vi.advanceTimersByTime(2 * frameMs)
      expect(view.started).toEqual([])
      vi.advanceTimersByTime(2)
      expect(view.started).toHaveLength(1)
    }
  })
})
