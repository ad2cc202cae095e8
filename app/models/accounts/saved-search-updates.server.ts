import type { Kysely } from 'kysely'
import { listingPath } from '~/models/listings/listing-path'
import type { SiteDirectory } from '~/models/sites/site-directory'
import type { SiteProfile } from '~/models/sites/site-profile'
import { formatAcres, formatPrice } from '~/utils/format'
import { accountPaths, withLoginToken } from './account-paths'
import { createLoginToken } from './login-tokens.server'
import type { Database } from '~/models/db/db-schema'
import type { ListingSummary } from '~/models/listings/listing-summary'
import { sendMail } from '~/models/mail/mailer.server'
import type { SavedSearchNotify } from './saved-search'
import { resolveSearchPath } from '~/models/search/search-request.server'
import { searchListings } from '~/models/search/search.server'

/** Days between two updates of a saved search, by its 'notify' setting; 'No Updates' has none. */
const updateIntervalDays: Partial<Record<SavedSearchNotify, number>> = { Daily: 1, Weekly: 7 }

/** At most this many new listings are written out in one e-mail; the search link shows the rest. */
const listingsPerUpdate = 10

const dayMs = 24 * 60 * 60 * 1000

export interface SavedSearchUpdateRun {
  /** Saved searches whose update was due and claimed by this run. */
  due: number
  /** E-mails sent (a due search with nothing new sends none). */
  sent: number
  /** E-mails that could not be sent: their searches are due again at the next run. */
  failed: number
}

/** The newest listings of a saved search added after `since`, newest first; undefined when the path no longer reads as a search. */
async function newListings(db: Kysely<Database>, site: SiteProfile, path: string, since: string): Promise<ListingSummary[] | undefined> {
  const search = await resolveSearchPath(db, site, path)
  if (!search) return undefined
  const criteria = { ...search.criteria, sortOrder: 'newest' as const, page: 1 }
  const { listings } = await searchListings(db, { criteria, location: search.location, scopeBits: site.listingScopeBits, pageSize: listingsPerUpdate })
  return listings.filter((listing) => listing.createdAt > since)
}

/** A listing as the e-mails about listings write it: its title, price, size and place, and its link. */
export function listingLines(listing: ListingSummary, address: string) {
  const place = [listing.cityName, `${listing.countyName}, ${listing.stateAbbreviation}`].filter(Boolean).join(', ')
  return [`- ${listing.title}`, `  ${formatPrice(listing.price)} · ${formatAcres(listing.acres)} · ${place}`, `  ${address}`].join('\n')
}

function updateText({
  contactName,
  searchName,
  site,
  link,
  path,
  listings,
}: {
  contactName: string
  searchName: string
  site: SiteProfile
  /** The address of a path of the site, as the e-mail links it. */
  link: (path: string) => string
  path: string
  listings: ListingSummary[]
}) {
  const lines = listings.map((listing) => listingLines(listing, link(listingPath(site, listing))))
  return [
    `Hello ${contactName},`,
    '',
    `New on ${site.name} for your saved search “${searchName}”:`,
    '',
    ...lines,
    '',
    `Every result of the search: ${link(path)}`,
    `Change how often you hear from us, or stop these e-mails: ${link(accountPaths.savedSearches)}`,
  ].join('\n')
}

/**
 * Sends the saved-search e-mail updates that are due (spec §3 saved search 'notify'): each active
 * 'Daily' or 'Weekly' search whose last update (or, before the first, its saving) is a day or a
 * week old gets the listings added since, if there are any; its links carry a login token. Each due
 * search is first claimed by marking it as updated with one conditional UPDATE, so a run that is
 * repeated, restarted, or run by several processes at once sends nothing twice; a failed e-mail
 * gives the claim back.
 * `sites` says where the e-mail's links point (the sites' configured origins unless a test says otherwise).
 */
export async function sendSavedSearchUpdates(db: Kysely<Database>, sites: SiteDirectory, { now = new Date() }: { now?: Date } = {}): Promise<SavedSearchUpdateRun> {
  const run: SavedSearchUpdateRun = { due: 0, sent: 0, failed: 0 }
  const notifiedAt = now.toISOString()
  for (const [notify, days] of Object.entries(updateIntervalDays)) {
    const dueBefore = new Date(now.getTime() - days * dayMs).toISOString()
    const searches = await db
      .selectFrom('saved_searches')
      .innerJoin('users', 'users.id', 'saved_searches.user_id')
      .select([
        'saved_searches.id',
        'saved_searches.site_id',
        'saved_searches.name',
        'saved_searches.path',
        'saved_searches.created_at',
        'saved_searches.notified_at',
        'users.id as user_id',
        'users.email',
        'users.contact_name',
      ])
      .where('saved_searches.notify', '=', notify)
      .where('saved_searches.active', '=', 1)
      .where((eb) =>
        eb.or([
          eb('saved_searches.notified_at', '<=', dueBefore),
          eb.and([eb('saved_searches.notified_at', 'is', null), eb('saved_searches.created_at', '<=', dueBefore)]),
        ]),
      )
      .orderBy('saved_searches.id')
      .execute()
    for (const search of searches) {
      // Claimed first, with one conditional update: of several processes running this at once, one sends.
      const previous = search.notified_at
      const claim = await db
        .updateTable('saved_searches')
        .set({ notified_at: notifiedAt })
        .where('id', '=', search.id)
        .where('notified_at', previous === null ? 'is' : '=', previous)
        .executeTakeFirst()
      if (Number(claim.numUpdatedRows) !== 1) continue
      run.due += 1
      const site = sites.siteWithId(search.site_id)
      const listings = site && (await newListings(db, site, search.path, previous ?? search.created_at))
      if (!site || !listings || listings.length === 0) continue
      const origin = sites.originOf(site)
      try {
        // The e-mail's links log its recipient in (spec §4), once: one token for the whole e-mail.
        const token = await createLoginToken(db, search.user_id, now)
        const link = (path: string) => withLoginToken(`${origin}${path}`, token)
        const count = listings.length === listingsPerUpdate ? `${listingsPerUpdate}+` : String(listings.length)
        await sendMail(site.name, {
          to: search.email,
          subject: `${count} new ${listings.length === 1 ? 'listing' : 'listings'} for your saved search “${search.name}”`,
          text: updateText({ contactName: search.contact_name, searchName: search.name, site, link, path: search.path, listings }),
        })
        run.sent += 1
      } catch (error) {
        console.error(`The saved-search update ${search.id} failed; it is due again at the next run`, error)
        await db.updateTable('saved_searches').set({ notified_at: previous }).where('id', '=', search.id).where('notified_at', '=', notifiedAt).execute()
        run.failed += 1
      }
    }
  }
  return run
}
