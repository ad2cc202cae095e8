import {
  analyticsPaths,
  dataLayerEventNames,
  downloadAttribute,
  maxEventsPerBeacon,
  tagManagerAttribute,
  tagManagerDelayMs,
  webVitals,
} from '~/models/analytics/page-analytics'

/**
 * The browser's side of the data layer (spec §7). Like the framework (decision 0013), it is
 * fetched after the page has loaded: a small inline script at the end of every page adds it once
 * the first view has been painted (data-layer-loader.ts), from one file for all sites and pages,
 * cached for good, built from data-layer-runtime.ts (vite-plugins/browser-scripts.ts). It
 * sends the page's data-layer events to our own endpoint with `navigator.sendBeacon`, pushes file
 * downloads, measures LCP, CLS and FCP with the browser's PerformanceObserver and pushes them when
 * the page is first hidden, and, only when the page names a tag manager, loads its script 2250 ms
 * after the load event. Why the web vitals are measured here instead of with the `web-vitals`
 * package: decision 0021.
 */

export interface DataLayerRuntimeOptions {
  beaconPath: string
  eventNames: readonly string[]
  /** The web vitals pushed, in this order. */
  vitalNames: readonly string[]
  downloadAttribute: string
  /** A beacon carries at most this many events (the endpoint refuses more). */
  maxEventsPerBeacon: number
  /** The runtime's own script element carries the tag manager's script address in this attribute, when one is configured. */
  tagManagerAttribute: string
  tagManagerDelayMs: number
}

type DataLayerItem = Record<string, unknown>
type ShiftEntry = PerformanceEntry & { value: number; hadRecentInput: boolean }

/** Runs in the browser once the page has loaded; `w` is the window (a test passes its own). */
export function dataLayerRuntime(options: DataLayerRuntimeOptions, w: Window & typeof globalThis = window) {
  const d = w.document
  const host = w as unknown as { dataLayer?: DataLayerItem[] }
  const layer = (host.dataLayer = host.dataLayer || [])
  let sentCount = 0
  let pageType: unknown
  let firstPageType: unknown
  // The vitals are those of the page as first shown: a tab opened in the background paints late.
  let firstHiddenAt = d.visibilityState === 'hidden' ? 0 : Infinity
  const vitals: Record<string, number> = {}
  let vitalsPushed = false
  const observers: { observer: PerformanceObserver; record: (entry: PerformanceEntry) => void }[] = []
  let shiftSession = 0
  let shiftSessionStart = 0
  let shiftSessionLast = 0

  /** Sends the data layer's events since the last call, each with the page type it happened on. */
  function send() {
    const events: DataLayerItem[] = []
    for (; sentCount < layer.length; sentCount++) {
      const item = layer[sentCount]
      if (!item || options.eventNames.indexOf(item.event as string) < 0) continue
      if (item.event === 'page') pageType = item.pageType
      if (firstPageType === undefined) firstPageType = pageType
      events.push(Object.assign({ pageType: pageType }, item))
    }
    for (let start = 0; start < events.length; start += options.maxEventsPerBeacon) {
      w.navigator.sendBeacon(options.beaconPath, JSON.stringify({ events: events.slice(start, start + options.maxEventsPerBeacon) }))
    }
  }

  function observe(type: string, record: (entry: PerformanceEntry) => void) {
    const observer = new w.PerformanceObserver((list) => list.getEntries().forEach(record))
    observer.observe({ type: type, buffered: true })
    observers.push({ observer: observer, record: record })
  }

  function start() {
    scheduleTagManager()
    if (!w.navigator.sendBeacon) return
    const supported = (w.PerformanceObserver && w.PerformanceObserver.supportedEntryTypes) || []
    if (supported.indexOf('paint') >= 0) {
      observe('paint', (entry) => {
        if (entry.name === 'first-contentful-paint' && entry.startTime < firstHiddenAt) vitals.FCP = entry.startTime
      })
    }
    if (supported.indexOf('largest-contentful-paint') >= 0) {
      observe('largest-contentful-paint', (entry) => {
        if (entry.startTime < firstHiddenAt) vitals.LCP = entry.startTime
      })
    }
    if (supported.indexOf('layout-shift') >= 0) {
      vitals.CLS = 0
      // CLS is the largest burst of shifts: shifts less than 1 s apart, over at most 5 s.
      observe('layout-shift', (entry) => {
        const shift = entry as ShiftEntry
        if (shift.hadRecentInput) return
        if (shiftSession > 0 && shift.startTime - shiftSessionLast < 1000 && shift.startTime - shiftSessionStart < 5000) shiftSession += shift.value
        else {
          shiftSession = shift.value
          shiftSessionStart = shift.startTime
        }
        shiftSessionLast = shift.startTime
        vitals.CLS = Math.max(vitals.CLS!, shiftSession)
      })
    }
    d.addEventListener('click', (event) => {
      const target = event.target as Element | null
      const link = target && target.closest ? target.closest('[' + options.downloadAttribute + ']') : null
      if (!link) return
      layer.push({ event: 'file-download', file: link.getAttribute(options.downloadAttribute) })
      send()
    })
    d.addEventListener('visibilitychange', () => {
      if (d.visibilityState === 'hidden') pageHidden()
    })
    w.addEventListener('pagehide', pageHidden)
    send()
  }

  /** The tag manager the page names, `tagManagerDelayMs` after the load event ended. */
  function scheduleTagManager() {
    const script = d.currentScript
    const tagManagerUrl = script && script.getAttribute(options.tagManagerAttribute)
    if (!tagManagerUrl) return
    const navigation = w.performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
    const sinceLoad = navigation && navigation.loadEventEnd > 0 ? w.performance.now() - navigation.loadEventEnd : 0
    w.setTimeout(
      () => {
        layer.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
        const tagManager = d.createElement('script')
        tagManager.async = true
        tagManager.src = tagManagerUrl
        d.head.appendChild(tagManager)
      },
      Math.max(0, options.tagManagerDelayMs - sinceLoad),
    )
  }

  /** The page is hidden (another tab, the app switcher, leaving): its vitals are final; send what is waiting. */
  function pageHidden() {
    firstHiddenAt = Math.min(firstHiddenAt, w.performance.now())
    if (!vitalsPushed && firstPageType !== undefined) {
      vitalsPushed = true
      // Entries the browser has not handed to the observers yet.
      observers.forEach((item) => item.observer.takeRecords().forEach(item.record))
      options.vitalNames.forEach((metric) => {
        const value = vitals[metric]
        if (value === undefined) return
        layer.push({ event: 'web-vital', pageType: firstPageType, metric: metric, value: metric === 'CLS' ? Math.round(value * 10000) / 10000 : Math.round(value) })
      })
    }
    send()
  }

  start()
}

export const dataLayerRuntimeOptions: DataLayerRuntimeOptions = {
  beaconPath: analyticsPaths.beacon,
  eventNames: dataLayerEventNames,
  vitalNames: webVitals,
  downloadAttribute,
  maxEventsPerBeacon,
  tagManagerAttribute,
  tagManagerDelayMs,
}
