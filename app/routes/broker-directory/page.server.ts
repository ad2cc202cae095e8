import { redirect } from 'react-router'
import type { Kysely } from 'kysely'
import { type ParsedDirectoryPath, buildBrokerDirectoryPath } from '~/sites/broker-directory-path'
import { brokerCanonicalPath, brokerDirectoryPath } from '~/models/brokers/broker-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import { requestIsForPath } from '~/http/requested-path.server'
import { type BrokerDirectoryCriteria, type BrokerSort, type BrokerTypeWord, brokerTypeOptions } from '~/models/brokers/broker-directory'
import { brokerIdentity } from '~/routes/broker/page.server'
import { pageCountOf, paginationOf, resultsPerPage } from '~/models/search/pagination'
import { type DirectoryBroker, countDirectoryBrokers, findDirectoryBrokers } from '~/models/brokers/broker-directory.server'
import type { Database } from '~/models/db/db-schema'
import { findState, loadGazetteer } from '~/models/places/gazetteer.server'

/** What the directory's heading calls each broker type ('all' when none is chosen). */
const typeHeadings: Record<BrokerTypeWord | 'all', string> = {
  all: 'Land Agents and Brokers',
  brokers: 'Land Brokers',
  agents: 'Land Agents',
  auctioneer: 'Land Auctioneers',
  owner: 'Property Owners Selling Land',
  retailer: 'Land Retailers',
}

/** A broker as the directory's card shows them. */
export type BrokerCardData = ReturnType<typeof brokerCard>

function brokerCard(site: SiteProfile, broker: DirectoryBroker) {
  return {
    id: broker.id,
    ...brokerIdentity(broker),
    portraitDocumentId: broker.portraitDocumentId,
    listingCount: broker.listingCount,
    totalAcres: broker.totalAcres,
    /** The highest real price among the listings (the 'price high to low' sort's key). */
    maxPrice: broker.maxPrice,
    /** The broker's page: the profile, or the listings page for a free account (`brokerCanonicalPath`). */
    href: brokerCanonicalPath(site, broker)!,
  }
}

/** The filter form is a GET form: its fields arrive as a query and leave as a path (303). */
function redirectFilterForm(site: SiteProfile, query: URLSearchParams) {
  if (!['state', 'type', 'sort'].some((field) => query.has(field))) return
  throw redirect(
    buildBrokerDirectoryPath(site, {
      state: query.get('state') || undefined,
      brokerType: (query.get('type') || undefined) as BrokerTypeWord | undefined,
      sort: (query.get('sort') || undefined) as BrokerSort | undefined,
      name: query.get('name') ?? undefined,
    }),
    303,
  )
}

export type BrokerDirectoryPageData = Awaited<ReturnType<typeof loadBrokerDirectoryPage>>

/**
 * A page of the broker directory (spec §2 /broker/, /real-estate-agents/, /find-agent/): brokers
 * by state, type and name, in one of the six sorts, 25 a page. Throws a 303 after the filter
 * form, a 301 to the normal spelling of the path, or a 404 for an unknown state or page.
 */
export async function loadBrokerDirectoryPage(db: Kysely<Database>, site: SiteProfile, request: Request, parsed: ParsedDirectoryPath) {
  const url = new URL(request.url)
  redirectFilterForm(site, url.searchParams)
  const { criteria } = parsed
  const gazetteer = await loadGazetteer(db)
  const state = criteria.state === undefined ? undefined : findState(gazetteer, criteria.state)
  if (criteria.state !== undefined && !state) throw new Response('Not Found', { status: 404 })
  if (!requestIsForPath(request, parsed.normalPath)) throw redirect(parsed.normalPath, 301)

  const type = brokerTypeOptions.find((option) => option.word === criteria.brokerType)
  const filters = { scopeBits: site.listingScopeBits, stateId: state?.id, brokerType: type?.value }
  const [result, counts] = await Promise.all([
    findDirectoryBrokers(db, { ...filters, name: criteria.name, sort: criteria.sort, page: criteria.page, pageSize: resultsPerPage }),
    countDirectoryBrokers(db, filters),
  ])
  const pageCount = pageCountOf(result.totalCount)
  if (criteria.page > pageCount) throw new Response('Not Found', { status: 404 })

  const hrefOf = (changes: Partial<BrokerDirectoryCriteria>) => buildBrokerDirectoryPath(site, { ...criteria, ...changes })
  // Browse links lead to the plain page of a state or type: first page, default sort, no name.
  const browseHref = (changes: Partial<BrokerDirectoryCriteria>) =>
    buildBrokerDirectoryPath(site, { state: criteria.state, brokerType: criteria.brokerType, ...changes })
  const typeHeading = typeHeadings[type?.word ?? 'all']
  const heading = state ? `${state.name} ${typeHeading}` : typeHeading
  const nameNote = criteria.name ? ` named “${criteria.name}”` : ''
  const pageNote = criteria.page > 1 ? ` – Page ${criteria.page}` : ''
  const totalByType = [...counts.byType.values()].reduce((sum, count) => sum + count, 0)
  return {
    criteria,
    heading,
    title: `${heading}${nameNote}${pageNote} | ${site.name}`,
    description: `${result.totalCount.toLocaleString('en-US')} ${typeHeading.toLowerCase()}${nameNote} ${state ? `in ${state.name}` : 'across the United States'} with property for sale on ${site.name}: contact details, licences and current listings.`,
    canonicalPath: parsed.normalPath,
    // Spec §2 "Page head": sorted and name-search pages are noindex, follow, like sorted searches.
    isIndexable: criteria.sort === 'default' && !criteria.name && result.totalCount > 0,
    /** Where the filter form submits: the directory's first page. */
    formAction: brokerDirectoryPath(site)!,
    totalCount: result.totalCount,
    brokers: result.brokers.map((broker) => brokerCard(site, broker)),
    pagination: paginationOf(criteria.page, pageCount, (page) => hrefOf({ page })),
    typeLinks: [
      { label: 'All', href: browseHref({ brokerType: undefined }), count: totalByType, isCurrent: !type },
      ...brokerTypeOptions
        .map((option) => ({
          label: option.label,
          href: browseHref({ brokerType: option.word }),
          count: counts.byType.get(option.value) ?? 0,
          isCurrent: option.word === type?.word,
        }))
        // No link to an empty page, unless it is this one.
        .filter((link) => link.count > 0 || link.isCurrent),
    ],
    stateLinks: gazetteer.states
      .filter((each) => (counts.byState.get(each.id) ?? 0) > 0)
      .map((each) => ({ label: each.name, href: browseHref({ state: each.token }), count: counts.byState.get(each.id)!, isCurrent: each.id === state?.id })),
    stateOptions: gazetteer.states.map((each) => ({ token: each.token, name: each.name })),
    typeOptions: brokerTypeOptions.map((option) => ({ word: option.word, label: option.label })),
    breadcrumbs: [
      { name: 'Agents and Brokers', href: brokerDirectoryPath(site)! },
      ...(state ? [{ name: state.name, href: browseHref({ state: state.token, brokerType: undefined }) }] : []),
    ],
  }
}
