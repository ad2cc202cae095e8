import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { readConfig } from '~/config.server'
import { dataLayerLoaderScript } from '~/document/data-layer-loader.server'
import { dataLayerRuntimeFile, dataLayerRuntimePath } from '~/document/data-layer-script.server'
import { type AnalyticsHandle, dataLayerPushScript, maxEventsPerBeacon, pageAnalyticsOf, pageEvents } from '~/models/analytics/page-analytics'
import { sites } from '~/sites/index'

/**
 * The data layer in the browser (spec §7), run as the very texts a page carries and its script
 * file against a stand-in for the browser: the script is fetched after the load event; the page's
 * events are sent to our endpoint then, web vitals (CLS with its bursts, LCP, FCP) when the page is
 * first hidden, file downloads when clicked, and a tag manager's script only when one is
 * configured, 2250 ms after load.
 */
interface Beacon {
  url: string
  events: Record<string, unknown>[]
}

type Listener = (event?: unknown) => void

/** A script element as the runtime and its loader use it. */
class FakeElement {
  src = ''
  async = false
  attributes: Record<string, string> = {}
  setAttribute(name: string, value: string) {
    this.attributes[name] = value
  }
  getAttribute(name: string) {
    return this.attributes[name] ?? null
  }
  get dataset() {
    return Object.fromEntries(
      Object.entries(this.attributes).flatMap(([name, value]) =>
        name.startsWith('data-') ? [[name.slice(5).replace(/-(.)/g, (_, c: string) => c.toUpperCase()), value]] : [],
      ),
    )
  }
}

/** How long a frame of the fake browser lasts. */
const frameMs = 16
/** Two frames and the task after each (the fake timers run a 0 ms timer 1 ms on). */
const twoFramesMs = 2 * (frameMs + 1)

/** A window with what the runtime touches: listeners, sendBeacon, PerformanceObserver, timers, frames, the head. */
function fakeBrowser({ supported = ['paint', 'largest-contentful-paint', 'layout-shift'] }: { supported?: string[] } = {}) {
  const windowListeners: Record<string, Listener[]> = {}
  const documentListeners: Record<string, Listener[]> = {}
  const beacons: Beacon[] = []
  const appended: FakeElement[] = []
  const observers: FakeObserver[] = []
  let now = 0
  class FakeObserver {
    static supportedEntryTypes = supported
    type = ''
    queued: object[] = []
    constructor(readonly callback: (list: { getEntries: () => object[] }) => void) {
      observers.push(this)
    }
    observe({ type }: { type: string }) {
      this.type = type
    }
    takeRecords() {
      return this.queued.splice(0)
    }
  }
  const document = {
    visibilityState: 'visible',
    querySelector: () => null,
    currentScript: null as FakeElement | null,
    addEventListener: (type: string, listener: Listener) => (documentListeners[type] ??= []).push(listener),
    createElement: () => new FakeElement(),
    head: { appendChild: (element: FakeElement) => appended.push(element) },
    body: { appendChild: (element: FakeElement) => appended.push(element) },
  }
  const window = {
    document,
    navigator: {
      sendBeacon: (url: string, body: string) => {
        beacons.push({ url, events: (JSON.parse(body) as { events: Record<string, unknown>[] }).events })
        return true
      },
    },
    PerformanceObserver: FakeObserver,
    performance: { now: () => now, getEntriesByType: (type: string) => (type === 'navigation' ? [{ loadEventEnd: 300 }] : []) },
    setTimeout: (callback: () => void, delay: number) => setTimeout(callback, delay),
    requestAnimationFrame: (callback: () => void) => setTimeout(callback, frameMs),
    addEventListener: (type: string, listener: Listener) => (windowListeners[type] ??= []).push(listener),
    dataLayer: [] as Record<string, unknown>[],
  }
  const observer = (type: string) => observers.find((item) => item.type === type)!
  return {
    window,
    beacons,
    appended,
    /** Runs a page's inline scripts, as the browser does while parsing it. */
    run(...scripts: string[]) {
      for (const script of scripts) {
        // A page's script element, or the text of one.
        const [, attributes = '', code = script] = /^<script([^>]*)>([\s\S]*)<\/script>$/.exec(script) ?? []
        const element = new FakeElement()
        for (const [, name, value] of attributes.matchAll(/([\w-]+)="([^"]*)"/g))
          element.setAttribute(name!, value!.replaceAll('&quot;', '"').replaceAll('&amp;', '&'))
        document.currentScript = element
        new Function('window', 'addEventListener', 'document', code)(window, window.addEventListener, document)
        document.currentScript = null
      }
    },
    /** The load event, then the script it added arrives `fetchMs` later and runs. */
    fireLoad(fetchMs = 40) {
      now = 300
      windowListeners.load?.forEach((listener) => listener())
      // The loader adds the script once the first view has been painted: two frames later on a page without a priority photo.
      now += twoFramesMs
      vi.advanceTimersByTime(twoFramesMs)
      const script = appended.find((element) => element.src === dataLayerRuntimePath)
      if (!script) return
      now += fetchMs
      vi.advanceTimersByTime(fetchMs)
      document.currentScript = script
      new Function('window', dataLayerRuntimeFile)(window)
      document.currentScript = null
    },
    /** The browser hands the observer of `type` these entries now. */
    deliver(type: string, entries: object[]) {
      observer(type).callback({ getEntries: () => entries })
    },
    /** Entries the browser holds back until asked (takeRecords). */
    queue(type: string, entries: object[]) {
      observer(type).queued.push(...entries)
    },
    hide(at: number) {
      now = at
      document.visibilityState = 'hidden'
      documentListeners.visibilitychange?.forEach((listener) => listener())
    },
    click(target: object) {
      documentListeners.click?.forEach((listener) => listener({ target }))
    },
  }
}

const site = sites.land
const runtimeWithout = dataLayerLoaderScript(site, undefined, false, readConfig({}))
const listingPage = dataLayerPushScript(pageEvents({ pageType: 'listing', listingId: 42 }))

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('the page’s events', () => {
  test('nothing is sent before the load event; on load the page’s events go in one beacon to our endpoint', () => {
    const browser = fakeBrowser()
    browser.run(listingPage, runtimeWithout)
    expect(browser.window.dataLayer).toEqual([
      { event: 'page', pageType: 'listing' },
      { event: 'listing', pageType: 'listing', listingId: 42 },
    ])
    expect(browser.beacons).toEqual([])
    expect(browser.appended).toEqual([])
    browser.fireLoad()
    expect(browser.appended.map((element) => element.src)).toEqual([dataLayerRuntimePath])
    expect(browser.beacons).toEqual([
      {
        url: '/api/analytics',
        events: [
          { event: 'page', pageType: 'listing' },
          { event: 'listing', pageType: 'listing', listingId: 42 },
        ],
      },
    ])
  })

  test('a page reached by a client-side navigation is sent when the page is hidden, with its own page type; a tag manager’s own entries are not', () => {
    const browser = fakeBrowser({ supported: [] })
    browser.run(listingPage, runtimeWithout)
    browser.fireLoad()
    browser.window.dataLayer.push({ event: 'gtm.js', 'gtm.start': 1 }, ...pageEvents({ pageType: 'search', resultCount: 12 }))
    browser.hide(5000)
    expect(browser.beacons[1]!.events).toEqual([
      { event: 'page', pageType: 'search' },
      { event: 'search', pageType: 'search', resultCount: 12 },
    ])
  })

  test(`a long session's events go in beacons of at most ${maxEventsPerBeacon}`, () => {
    const browser = fakeBrowser({ supported: [] })
    browser.run(listingPage, runtimeWithout)
    browser.fireLoad()
    for (let index = 0; index < 30; index++) browser.window.dataLayer.push({ event: 'page', pageType: 'search' })
    browser.hide(1000)
    expect(browser.beacons.slice(1).map((beacon) => beacon.events.length)).toEqual([25, 5])
  })

  test('a click on a download link pushes a file-download event with the page’s type and sends it', () => {
    const browser = fakeBrowser({ supported: [] })
    browser.run(dataLayerPushScript(pageEvents({ pageType: 'search', resultCount: 3 })), runtimeWithout)
    browser.fireLoad()
    const link = { getAttribute: (name: string) => (name === 'data-download' ? 'search-results' : null) }
    browser.click({ closest: (selector: string) => (selector === '[data-download]' ? link : null) })
    browser.click({ closest: () => null })
    expect(browser.beacons[1]!.events).toEqual([{ event: 'file-download', pageType: 'search', file: 'search-results' }])
    expect(browser.beacons).toHaveLength(2)
  })
})

describe('web vitals', () => {
  test('LCP, CLS and FCP are pushed to the data layer and sent once, when the page is first hidden, for the page first shown', () => {
    const browser = fakeBrowser()
    browser.run(listingPage, runtimeWithout)
    browser.fireLoad()
    browser.deliver('paint', [
      { name: 'first-paint', startTime: 400 },
      { name: 'first-contentful-paint', startTime: 812.4 },
    ])
    browser.deliver('largest-contentful-paint', [{ startTime: 1200 }, { startTime: 2345.6 }])
    // Two bursts of shifts: 0.05 + 0.04 within a second of each other, then 0.08 alone; a shift right after input does not count.
    browser.deliver('layout-shift', [
      { startTime: 1000, value: 0.05, hadRecentInput: false },
      { startTime: 1500, value: 0.04, hadRecentInput: false },
      { startTime: 4000, value: 0.08, hadRecentInput: false },
      { startTime: 4100, value: 0.5, hadRecentInput: true },
    ])
    // The LCP the browser has not handed over yet still counts.
    browser.queue('largest-contentful-paint', [{ startTime: 2600 }])
    browser.window.dataLayer.push({ event: 'page', pageType: 'search' })
    browser.hide(9000)
    const vitals = [
      { event: 'web-vital', pageType: 'listing', metric: 'LCP', value: 2600 },
      { event: 'web-vital', pageType: 'listing', metric: 'CLS', value: 0.09 },
      { event: 'web-vital', pageType: 'listing', metric: 'FCP', value: 812 },
    ]
    expect(browser.window.dataLayer.slice(-3)).toEqual(vitals)
    expect(browser.beacons[1]!.events).toEqual([{ event: 'page', pageType: 'search' }, ...vitals])
    browser.hide(12000)
    expect(browser.window.dataLayer.filter((item) => item.event === 'web-vital')).toHaveLength(3)
  })

  test('a page without layout shifts has a CLS of 0; a paint after the page was hidden is not its LCP', () => {
    const browser = fakeBrowser()
    browser.run(listingPage, runtimeWithout)
    browser.fireLoad()
    browser.queue('largest-contentful-paint', [{ startTime: 1500 }, { startTime: 7000 }])
    browser.hide(5000)
    expect(browser.beacons[1]!.events).toEqual([
      { event: 'web-vital', pageType: 'listing', metric: 'LCP', value: 1500 },
      { event: 'web-vital', pageType: 'listing', metric: 'CLS', value: 0 },
    ])
  })

  test('a browser that measures none of them sends none', () => {
    const browser = fakeBrowser({ supported: [] })
    browser.run(listingPage, runtimeWithout)
    browser.fireLoad()
    browser.hide(3000)
    expect(browser.window.dataLayer.some((item) => item.event === 'web-vital')).toBe(false)
  })
})

describe('the tag manager', () => {
  test('no third-party script by default', () => {
    const browser = fakeBrowser()
    browser.run(listingPage, runtimeWithout)
    browser.fireLoad()
    vi.advanceTimersByTime(60_000)
    expect(browser.appended.map((element) => element.src)).toEqual([dataLayerRuntimePath])
    expect(runtimeWithout).not.toContain(site.trackingContainerId)
    expect(dataLayerRuntimeFile).not.toContain(site.trackingContainerId)
  })

  test('configured, the site’s container loads 2250 ms after the load event, however long our script took to arrive', () => {
    const config = readConfig({ TAG_MANAGER: 'on', TAG_MANAGER_SCRIPT_URL: 'https://tags.example/gtm.js?id={id}' })
    const browser = fakeBrowser()
    browser.run(listingPage, dataLayerLoaderScript(site, undefined, false, config))
    vi.advanceTimersByTime(5000)
    expect(browser.appended).toEqual([])
    browser.fireLoad(400)
    const tagManager = () => browser.appended.filter((element) => element.src !== dataLayerRuntimePath)
    // The runtime's script was added two frames after load and took 400 ms to arrive.
    vi.advanceTimersByTime(2250 - twoFramesMs - 400 - 1)
    expect(tagManager()).toEqual([])
    vi.advanceTimersByTime(1)
    expect(tagManager()).toMatchObject([{ src: `https://tags.example/gtm.js?id=${site.trackingContainerId}`, async: true }])
    expect(browser.window.dataLayer.at(-1)).toMatchObject({ event: 'gtm.js' })
  })

  test('configured, a Low data page still has no third-party script', () => {
    const config = readConfig({ TAG_MANAGER: 'on', TAG_MANAGER_SCRIPT_URL: 'https://tags.example/gtm.js?id={id}' })
    const browser = fakeBrowser()
    browser.run(listingPage, dataLayerLoaderScript(site, undefined, true, config))
    browser.fireLoad()
    vi.advanceTimersByTime(60_000)
    expect(browser.appended.map((element) => element.src)).toEqual([dataLayerRuntimePath])
  })

  test('the script’s address changes with its text, so browsers may keep it for good', () => {
    expect(dataLayerRuntimePath).toMatch(/^\/data-layer\/[0-9a-f]{12}\.js$/)
  })

  test('TAG_MANAGER=on alone uses the tag manager’s own address; anything else leaves it off', () => {
    expect(readConfig({ TAG_MANAGER: 'on' }).tagManagerScriptUrl).toBe('https://www.googletagmanager.com/gtm.js?id={id}')
    expect(readConfig({ TAG_MANAGER: 'yes', TAG_MANAGER_SCRIPT_URL: 'https://tags.example/{id}' }).tagManagerScriptUrl).toBeUndefined()
  })
})

describe('which page a page is', () => {
  const listingHandle: AnalyticsHandle = { analytics: (data) => ({ pageType: 'listing', listingId: (data as { id: number }).id }) }

  test('the deepest route that says so decides, reading its data; a route that says nothing is "other"', () => {
    expect(
      pageAnalyticsOf(
        [
          { handle: { analytics: 'home' }, data: {} },
          { handle: listingHandle, data: { id: 9 } },
        ],
        undefined,
      ),
    ).toEqual({ pageType: 'listing', listingId: 9 })
    expect(
      pageAnalyticsOf(
        [
          { handle: undefined, data: {} },
          { handle: { hidesFooter: true }, data: {} },
        ],
        undefined,
      ),
    ).toEqual({ pageType: 'other' })
  })

  test('an error page is "not-found" for a 404 and "error" otherwise, whatever the route', () => {
    const matches = [{ handle: listingHandle, data: undefined }]
    expect(pageAnalyticsOf(matches, 404)).toEqual({ pageType: 'not-found' })
    expect(pageAnalyticsOf(matches, 500)).toEqual({ pageType: 'error' })
    expect(pageAnalyticsOf(matches, undefined)).toEqual({ pageType: 'error' })
  })

  test('the inline push cannot close its script element', () => {
    const script = dataLayerPushScript([{ event: 'file-download', pageType: 'search', file: '</script><script>alert(1)' }])
    expect(script).not.toContain('</script>')
  })
})
