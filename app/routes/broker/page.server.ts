import { parseWithZod } from '@conform-to/zod'
import { data, redirect } from 'react-router'
import type { Kysely } from 'kysely'
import { nationwide } from '~/models/places/gazetteer.server'
import { buildBrokerDirectoryPath } from '~/sites/broker-directory-path'
import { type BrokerPathTarget, brokerCanonicalPath, brokerDirectoryPath, brokerPagePath } from '~/models/brokers/broker-path'
import { linkedListing } from '~/sites/listing-links'
import { buildSearchPath, parseSearchPath } from '~/models/search/search-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import { siteOrigin } from '~/sites/site-origin.server'
import { brokerDisplayName, formatAcres } from '~/utils/format'
import { requestIsForPath } from '~/http/requested-path.server'
import { brokerTypeOption, certificationLabels } from '~/models/brokers/broker-directory'
import type { Breadcrumb } from '~/components/breadcrumbs'
import { type BrokerAccount, findBroker, findBrokerListingStats } from '~/models/brokers/broker.server'
import { sendFormOnce } from '~/routes/send-form-once.server'
import { readGuardedForm, refuseOverListingFormLimit, sendContactMessage } from '~/routes/contact-forms.server'
import type { Database } from '~/models/db/db-schema'
import { findStateById, loadGazetteer } from '~/models/places/gazetteer.server'
import { listingFormSectionIds } from '~/models/listings/listing-form-fields'
import { ContactSchema } from '~/models/listings/listing-forms'
import { normalizeCriteria } from '~/models/search/search-criteria'
import { pageCountOf, paginationOf, resultsPerPage } from '~/models/search/pagination'
import { likedListingIdsAmong } from '~/models/accounts/saved-property.server'
import { searchListings } from '~/models/search/search.server'
import { getViewerId } from '~/http/session.server'
import { listingEventType } from '~/models/listings/enumerations'
import { recordVisitorEvent } from '~/routes/visitor-events.server'

const descriptionLength = 160

type BrokerIdentityFields = Pick<BrokerAccount, 'contactName' | 'companyName' | 'brokerType' | 'city' | 'stateAbbreviation'>

/** How cards and pages name a broker: the name, the company under a person's name, the type and the office ('Austin, TX'). */
export function brokerIdentity(broker: BrokerIdentityFields) {
  return {
    name: brokerDisplayName(broker),
    companyName: broker.contactName && broker.companyName ? broker.companyName : null,
    typeLabel: brokerTypeOption(broker.brokerType)?.singular ?? 'Seller',
    place: [broker.city, broker.stateAbbreviation].filter(Boolean).join(', ') || null,
  }
}

/** Everything the broker page shows of the account (spec §3 "Broker or seller account"). */
export type BrokerProfile = ReturnType<typeof toBrokerProfile>

function toBrokerProfile(broker: BrokerAccount) {
  return {
    id: broker.id,
    ...brokerIdentity(broker),
    phone: broker.phone,
    city: broker.city,
    stateAbbreviation: broker.stateAbbreviation,
    description: broker.description,
    licenseNumber: broker.licenseNumber,
    /** Readable ALC accreditations. */
    certifications: certificationLabels(broker),
    portraitDocumentId: broker.portraitDocumentId,
    logoDocumentId: broker.logoDocumentId,
    websiteUrl: broker.websiteUrl,
    replyWithinHours: broker.replyWithinHours,
  }
}

async function findBrokerOr404(db: Kysely<Database>, brokerId: number) {
  const broker = await findBroker(db, brokerId)
  if (!broker) throw new Response('Not Found', { status: 404 })
  return broker
}

/**
 * One page of the broker's active listings on the site, best tier first (the search engine with
 * only a broker), and which of them the visitor has liked. Each listing a person is shown is a
 * spec §3 listing event for its seller's statistics: `eventType` 'seller viewed' on the broker's
 * page, 'seller results' on the broker's listings.
 */
async function brokerListings(
  db: Kysely<Database>,
  site: SiteProfile,
  request: Request,
  { brokerId, page, eventType }: { brokerId: number; page: number; eventType: number },
) {
  const criteria = normalizeCriteria({ brokerId, page })
  const result = await searchListings(db, { criteria, location: nationwide, scopeBits: site.listingScopeBits, pageSize: resultsPerPage })
  recordVisitorEvent(db, request, { listingIds: result.listings.map((listing) => listing.id), siteId: site.siteId, eventType })
  const likedListingIds = await likedListingIdsAmong(
    db,
    await getViewerId(request),
    result.listings.map((listing) => listing.id),
  )
  return {
    totalCount: result.totalCount,
    listings: result.listings.map((listing) => linkedListing(site, listing)),
    likedListingIds,
  }
}

/** Directory › the broker's state › the broker. */
async function brokerBreadcrumbs(db: Kysely<Database>, site: SiteProfile, broker: BrokerAccount): Promise<Breadcrumb[]> {
  const directory = brokerDirectoryPath(site)
  if (!directory) return []
  const state = broker.stateId === null ? undefined : findStateById(await loadGazetteer(db), broker.stateId)
  return [
    { name: 'Agents and Brokers', href: directory },
    ...(state ? [{ name: state.name, href: buildBrokerDirectoryPath(site, { state: state.token }) }] : []),
    { name: brokerDisplayName(broker), href: brokerCanonicalPath(site, broker)! },
  ]
}

function shorten(text: string, length: number) {
  return text.length <= length ? text : `${text.slice(0, length - 1).replace(/\s+\S*$/, '')}…`
}

export type BrokerProfilePageData = Awaited<ReturnType<typeof loadBrokerProfilePage>>

/**
 * The broker page (spec §2 /member/{name}/{id}, /broker/{name}-{id}/, /profile/{name}/{id}): the
 * account, its listing statistics, its first listings and the message form. Throws a 404 for
 * an unknown id, a 301 to the canonical slug, and a 302 to the listings page for a free seller.
 */
export async function loadBrokerProfilePage(db: Kysely<Database>, site: SiteProfile, request: Request, brokerId: number) {
  const broker = await findBrokerOr404(db, brokerId)
  // A 302: the page appears once the account is upgraded.
  if (broker.isFree) throw redirect(brokerCanonicalPath(site, broker)!, 302)
  const canonicalPath = brokerPagePath(site, broker)!
  if (!requestIsForPath(request, canonicalPath, { pageParams: ['sent'] })) throw redirect(canonicalPath, 301)
  const [stats, firstPage, breadcrumbs] = await Promise.all([
    findBrokerListingStats(db, { brokerId, scopeBits: site.listingScopeBits }),
    brokerListings(db, site, request, { brokerId, page: 1, eventType: listingEventType.sellerViewed }),
    brokerBreadcrumbs(db, site, broker),
  ])
  const profile = toBrokerProfile(broker)
  const who = profile.companyName ? `${profile.name}, ${profile.typeLabel} at ${profile.companyName}` : `${profile.name}, ${profile.typeLabel}`
  const listingsNote =
    stats.activeListings > 0
      ? `${stats.activeListings} ${stats.activeListings === 1 ? 'property' : 'properties'} for sale (${formatAcres(stats.totalAcres)})`
      : 'No properties for sale right now'
  return {
    broker: profile,
    stats,
    /** The first page of the broker's listings on the site. */
    listings: firstPage.listings,
    /** Those of them the visitor has liked. */
    likedListingIds: firstPage.likedListingIds,
    /** The listings page, when there are more listings than shown here. */
    allListingsHref: firstPage.totalCount > firstPage.listings.length ? brokerPagePath(site, broker, 'listings')! : null,
    canonicalPath,
    title: `${who} | ${site.name}`,
    description: shorten(`${who}. ${listingsNote}. ${broker.description}`, descriptionLength),
    // A broker with nothing for sale on this site is a thin page.
    isIndexable: stats.activeListings > 0,
    breadcrumbs,
    /** The message form just succeeded (`?sent=contact` after its redirect). */
    isSent: new URL(request.url).searchParams.get('sent') === 'contact',
  }
}

/** The same listings as a search, when the site's search grammar has broker results (the land site's /member/{id}/). */
function brokerSearchPath(site: SiteProfile, brokerId: number) {
  if (!site.searchGrammar) return null
  const path = buildSearchPath(site, normalizeCriteria({ brokerId }))
  return parseSearchPath(site, path)?.criteria.brokerId === brokerId ? path : null
}

export type BrokerListingsPageData = Awaited<ReturnType<typeof loadBrokerListingsPage>>

/**
 * The broker's listings page (spec §2 …/listings/, /land/, /properties), 25 a page. Throws a 404
 * for an unknown broker or a page past the last, and a 301 to the canonical spelling.
 */
export async function loadBrokerListingsPage(
  db: Kysely<Database>,
  site: SiteProfile,
  request: Request,
  { brokerId, page }: Pick<BrokerPathTarget, 'brokerId' | 'page'>,
) {
  const broker = await findBrokerOr404(db, brokerId)
  const canonicalPath = brokerPagePath(site, broker, 'listings', page)!
  if (!requestIsForPath(request, canonicalPath)) throw redirect(canonicalPath, 301)
  const [result, breadcrumbs] = await Promise.all([
    brokerListings(db, site, request, { brokerId, page, eventType: listingEventType.sellerResults }),
    brokerBreadcrumbs(db, site, broker),
  ])
  const pageCount = pageCountOf(result.totalCount)
  if (page > pageCount) throw new Response('Not Found', { status: 404 })
  const profile = toBrokerProfile(broker)
  const heading = `Property for sale by ${profile.name}`
  const count = `${result.totalCount.toLocaleString('en-US')} ${result.totalCount === 1 ? 'Listing' : 'Listings'}`
  return {
    broker: profile,
    /** The paid broker page; null for a free account, which has none. */
    profileHref: broker.isFree ? null : brokerPagePath(site, broker)!,
    /** The same listings as a search with filters, where the site's search grammar can say so. */
    searchHref: brokerSearchPath(site, brokerId),
    heading,
    title: `${heading} – ${count}${page > 1 ? ` – Page ${page}` : ''} | ${site.name}`,
    description: `${count.toLowerCase()} for sale by ${profile.name}${profile.companyName ? ` of ${profile.companyName}` : ''} on ${site.name}. Compare acreage, prices and photos.`,
    canonicalPath,
    isIndexable: result.totalCount > 0,
    totalCount: result.totalCount,
    listings: result.listings,
    likedListingIds: result.likedListingIds,
    pagination: paginationOf(page, pageCount, (number) => brokerPagePath(site, broker, 'listings', number)!),
    breadcrumbs: broker.isFree ? breadcrumbs : [...breadcrumbs, { name: 'Listings', href: brokerPagePath(site, broker, 'listings')! }],
  }
}

/**
 * The broker page's message form (spec §2 'Contact Seller', the listing contact form's rules):
 * a lead with the broker's account and no listing, mailed to the broker; then back to the page
 * with `?sent=contact` (post/redirect/get), or the form again with its messages (400) or the
 * wait past the rate limit (429).
 */
export async function handleBrokerPagePost(db: Kysely<Database>, site: SiteProfile, request: Request, brokerId: number) {
  const broker = await findBrokerOr404(db, brokerId)
  if (broker.isFree) throw new Response('This seller is not taking messages.', { status: 403 })
  const { formData } = await readGuardedForm(request, ['contact'] as const)
  const submission = parseWithZod(formData, { schema: ContactSchema })
  if (submission.status !== 'success') return data({ intent: 'contact' as const, result: submission.reply() }, { status: 400 })
  const refusal = await refuseOverListingFormLimit(db, request, 'contact')
  if (refusal) return data({ intent: 'contact' as const, result: submission.reply({ formErrors: [refusal.message] }) }, refusal.init)
  const pagePath = brokerPagePath(site, broker)!
  const location = await sendFormOnce(db, 'broker-message', formData, async () => {
    await sendContactMessage(db, site, {
      recipient: { accountId: broker.id, email: broker.email },
      listingId: null,
      subject: `New message from ${site.name}`,
      about: `sent you a message on ${site.name}`,
      pageUrl: `${siteOrigin(site)}${pagePath}`,
      message: submission.value,
    })
    return `${pagePath}?sent=contact#${listingFormSectionIds.contact}`
  })
  return redirect(location, 303)
}
