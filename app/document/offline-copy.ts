/**
 * The service worker's pure parts (issue 20 item 3, decision 0034): how a kept page is shown
 * offline and what the offline page lists. Plain string work, so the worker stays a few KB; here,
 * with the server's document pipeline, as the other place a rendered page's HTML is changed.
 */

import type { OfflineListing } from '~/models/listings/offline-copy'

/** A kept listing as the worker records it beside its copies. */
export interface KeptListing extends OfflineListing {
  /** When the copies were fetched (milliseconds since 1970). */
  savedAt: number
}

/** The offline page's element whose content is the list of what can be read offline (routes/offline.tsx). */
export const offlineListingsElementId = 'offline-listings'

const savedOnDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' })

/** The one line an offline copy shows (issue 20: it must never pass for a fresh page). */
export function offlineNotice(savedAt: number) {
  return `You are offline — this copy was saved on ${savedOnDate.format(new Date(savedAt))}`
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character)
}

/**
 * A kept page as shown offline: without its scripts (the page is complete without them, spec §1,
 * and a hydrated router would fetch its next page's data and fail instead of navigating to the
 * worker's answer) and, when `notice` is given, with the notice first in the body.
 */
export function asOfflineCopy(html: string, notice?: string) {
  const withoutScripts = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, '')
  if (!notice) return withoutScripts
  const noticeElement = `<p role="status" class="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center font-medium text-amber-900">${escapeHtml(notice)}</p>`
  return withoutScripts.replace(/<body\b[^>]*>/i, (body) => `${body}${noticeElement}`)
}

/** The offline page with the listings that can be read offline in its list (its own text says when there are none). */
export function withOfflineListings(html: string, listings: readonly Pick<KeptListing, 'title' | 'pagePath'>[]) {
  if (listings.length === 0) return html
  const items = listings
    .map((listing) => `<li><a href="${escapeHtml(listing.pagePath)}" class="font-semibold text-brand underline">${escapeHtml(listing.title)}</a></li>`)
    .join('')
  const element = new RegExp(`(<div id="${offlineListingsElementId}"[^>]*>)[\\s\\S]*?(</div>)`)
  return html.replace(element, (_match, open: string, close: string) => `${open}<ul class="list-disc space-y-2 pl-5">${items}</ul>${close}`)
}

/** The built stylesheets a page links (content-hashed under /assets/): kept with the page, so its copy is styled offline. */
export function stylesheetPaths(html: string) {
  return [...new Set([...html.matchAll(/href="(\/assets\/[^"]+\.css)"/g)].map((match) => match[1] as string))]
}

/**
 * A resized photo's own name, whatever size was asked (/resizedimages/{h}/{w}/{fit}/{q}[/{format}]/1-{id}):
 * offline, any kept size of the photo answers for another (the flyer's, a wider screen's srcset pick).
 */
export function photoName(path: string) {
  return path.startsWith('/resizedimages/') ? path.slice(path.lastIndexOf('/') + 1) : undefined
}
