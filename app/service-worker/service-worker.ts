/// <reference lib="webworker" />
import type { OfflineListing } from '~/models/listings/offline-copy'
import { type KeptListing, asOfflineCopy, offlineNotice, photoName, stylesheetPaths, withOfflineListings } from '~/document/offline-copy'
import { claimMessage } from '~/browser/service-worker-registration'

/**
 * The service worker (issue 20 item 3, decision 0034), built to /sw.js by vite.config.ts. Pages
 * always come from the network while it answers; only when it fails does a favourite's kept copy
 * (with a notice saying so) or the offline page answer. A signed-in buyer's favourites on this site
 * are kept for reading offline, and the kept set follows the server's list of them.
 */
declare const self: ServiceWorkerGlobalScope
/** The build's name (a hash of its files), set by vite.config.ts. */
declare const __APP_VERSION__: string

/** The offline page and the built files this version fetched; the previous version's stays for pages still open on it. */
const appCache = `app-${__APP_VERSION__}`
const appCachePrefix = 'app-'
/** One cache per kept listing, so dropping one is one call. */
const listingCachePrefix = 'listing-'
/** Each listing cache's record of what it holds (not an address of the site). */
const keptListingRecord = '/kept-listing.json'
const offlinePagePath = '/offline/'
const offlineListingsApi = '/api/offline-listings'
/** A kept copy older than this is fetched again at the next check. */
const copyLifetimeMs = 24 * 60 * 60 * 1000
/** How often page views check the kept set against the server's list (a like, a login or a logout checks at once). */
const checkIntervalMs = 15 * 60 * 1000
/** Posts after which the favourites or the person may have changed. */
const favoritesChangingPost = /^\/(api\/likes|account\/savedproperties|login|signup|logout|reset)\b/

let lastCheckAt = 0
let checks = Promise.resolve()

self.addEventListener('install', (event) => event.waitUntil(keepOfflinePage()))

// Claiming the open pages routes their next like through the worker; it reloads nothing, and an
// update waits for the pages of the version before it to close (no skipWaiting).
self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([dropOlderAppCaches(), self.registration.navigationPreload?.enable(), self.clients.claim(), keepFavoritesInStep()]))
})

// A page that began loading while this worker installed missed the claim above, and asks for it.
self.addEventListener('message', (event) => {
  if (event.data === claimMessage) event.waitUntil(self.clients.claim())
})

self.addEventListener('fetch', (event) => {
  const { request } = event
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (request.method === 'POST') {
    if (favoritesChangingPost.test(url.pathname)) event.respondWith(fetchThenCheck(event))
  } else if (request.method !== 'GET') {
    return
  } else if (request.mode === 'navigate') {
    event.respondWith(navigation(event))
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(builtFile(event))
  } else if (url.pathname.startsWith('/resizedimages/') || url.pathname.startsWith('/listing-map/')) {
    event.respondWith(networkElseKeptCopy(request, url.pathname))
  }
})

/** The offline page (the visitor's version: it is shown to whoever is at the screen) and its stylesheets. */
async function keepOfflinePage() {
  const cache = await caches.open(appCache)
  const response = await fetch(offlinePagePath, { credentials: 'omit' })
  if (!response.ok) throw new Error(`The offline page answered ${response.status}`)
  const stylesheets = stylesheetPaths(await response.clone().text())
  await Promise.all([cache.put(offlinePagePath, response), cache.addAll(stylesheets)])
}

/** Keeps this version's and the previous version's built files: a page opened before the update may still ask for its chunks. */
async function dropOlderAppCaches() {
  const older = (await caches.keys()).filter((name) => name.startsWith(appCachePrefix) && name !== appCache)
  await Promise.all(older.slice(0, -1).map((name) => caches.delete(name)))
}

/** Network first, always: a kept copy answers only when the network does not. */
async function navigation(event: FetchEvent) {
  if (Date.now() - lastCheckAt > checkIntervalMs) event.waitUntil(keepFavoritesInStep())
  try {
    return ((await event.preloadResponse) as Response | undefined) ?? (await fetch(event.request))
  } catch {
    return offlineAnswer(new URL(event.request.url).pathname)
  }
}

function htmlResponse(html: string) {
  // Nothing runs in an offline copy: its scripts were taken out, and this says so to the browser too.
  return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "script-src 'none'" } })
}

/** A kept page of a favourite (its page, its flyer, a map) with the notice, else the offline page listing what is kept. */
async function offlineAnswer(path: string) {
  for (const listing of await keptListings()) {
    const cache = await caches.open(listingCachePrefix + listing.id)
    const kept = await cache.match(path, { ignoreSearch: true })
    if (!kept) continue
    if (!kept.headers.get('content-type')?.startsWith('text/html')) return new Response(kept.body, { headers: kept.headers })
    return htmlResponse(asOfflineCopy(await kept.text(), offlineNotice(listing.savedAt)))
  }
  const offlinePage = await caches.match(offlinePagePath)
  if (!offlinePage) return Response.error()
  return htmlResponse(withOfflineListings(asOfflineCopy(await offlinePage.text()), await keptListings()))
}

/** Built files are named by their content: once fetched, kept. */
async function builtFile(event: FetchEvent) {
  const kept = await caches.match(event.request)
  if (kept) return kept
  const response = await fetch(event.request)
  if (response.ok) {
    const copy = response.clone()
    event.waitUntil(caches.open(appCache).then((cache) => cache.put(event.request, copy)))
  }
  return response
}

/** A photo or map: from the network, else its kept copy, else (a photo) a kept copy of the same photo at another size. */
async function networkElseKeptCopy(request: Request, path: string) {
  try {
    return await fetch(request)
  } catch (error) {
    const kept = (await caches.match(request)) ?? (await keptPhoto(photoName(path)))
    if (kept) return kept
    throw error
  }
}

async function keptPhoto(name: string | undefined) {
  if (!name) return undefined
  for (const cacheName of await listingCacheNames()) {
    const cache = await caches.open(cacheName)
    const other = (await cache.keys()).find((keptRequest) => photoName(new URL(keptRequest.url).pathname) === name)
    if (other) return cache.match(other)
  }
  return undefined
}

/** A like, an unlike, a login or a logout: answered as the network answers, then the kept set is checked. */
async function fetchThenCheck(event: FetchEvent) {
  const response = await fetch(event.request)
  event.waitUntil(keepFavoritesInStep())
  return response
}

async function listingCacheNames() {
  return (await caches.keys()).filter((name) => name.startsWith(listingCachePrefix))
}

async function keptListings() {
  const listings: KeptListing[] = []
  for (const name of await listingCacheNames()) {
    const record = await (await caches.open(name)).match(keptListingRecord)
    if (record) listings.push((await record.json()) as KeptListing)
  }
  return listings.sort((first, second) => second.savedAt - first.savedAt)
}

/**
 * Makes the kept listings those the server lists for this browser's session now: a visitor (a
 * logout, an expired session: on a shared computer) keeps none. One check at a time; an unanswered
 * check (offline) changes nothing.
 */
function keepFavoritesInStep() {
  lastCheckAt = Date.now()
  checks = checks.then(checkFavorites).catch((error: unknown) => console.warn('Keeping favourites offline failed', error))
  return checks
}

async function checkFavorites() {
  const response = await fetch(offlineListingsApi, { cache: 'no-store' })
  if (!response.ok) return
  const { listings } = (await response.json()) as { listings: OfflineListing[] }
  const wanted = new Map(listings.map((listing) => [listingCachePrefix + listing.id, listing]))
  await Promise.all((await listingCacheNames()).filter((name) => !wanted.has(name)).map((name) => caches.delete(name)))
  for (const [name, listing] of wanted) {
    const cache = await caches.open(name)
    const record = await cache.match(keptListingRecord)
    const kept = record ? ((await record.json()) as KeptListing) : undefined
    if (!kept || Date.now() - kept.savedAt > copyLifetimeMs || kept.paths.join() !== listing.paths.join()) await keepListing(cache, listing)
  }
}

/** Fetches a listing's page, flyer, photos, maps and the page's stylesheets, then records them; a page that does not answer is not kept. */
async function keepListing(cache: Cache, listing: OfflineListing) {
  const page = await fetch(listing.pagePath)
  if (!page.ok) return
  const paths = [...listing.paths.slice(1), ...stylesheetPaths(await page.clone().text())]
  const responses = await Promise.all(paths.map((path) => fetch(path).catch(() => undefined)))
  await cache.put(listing.pagePath, page)
  await Promise.all(responses.map((response, index) => (response?.ok ? cache.put(paths[index] as string, response) : undefined)))
  await cache.put(keptListingRecord, Response.json({ ...listing, savedAt: Date.now() } satisfies KeptListing))
}
