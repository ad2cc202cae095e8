import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { BrokerDirectoryPage, brokerDirectoryMeta } from '~/components/broker-directory-page'
import { BrokerListingsPage, BrokerProfilePage, brokerPageMeta } from '~/components/broker-page'
import { pageFormShouldRevalidate } from '~/components/contact-form'
import { SearchResultsPage, searchResultsMeta } from '~/components/search-results-page'
import { loadBrokerDirectoryPage } from '~/models/broker-directory-page.server'
import { handleBrokerPagePost, loadBrokerListingsPage, loadBrokerProfilePage } from '~/models/broker-page.server'
import { getDb } from '~/models/db.server'
import { loadSearchPage } from '~/models/search-page.server'
import { parseBrokerDirectoryPath } from '~/sites/broker-directory-path'
import { parseBrokerPath } from '~/sites/broker-path'
import { siteFromRequest } from '~/sites/site.server'

/**
 * Broker pages and the broker directory under /member/*, /broker/*, /real-estate-agents/*,
 * /find-agent/* and /profile/* (spec §2). The prefixes mean different things per site, so the
 * site's grammars decide: a broker page first (land /member/{name}/{id}, farm /broker/{name}-{id}/,
 * hunting /profile/{name}/{id}), then a directory page (land /broker/…, farm
 * /real-estate-agents/…, hunting /find-agent/…), then a search: spec §2's fallback of
 * /member/{name}/{non-numeric} to search results, which is the land grammar's broker results
 * (/member/{id}/sort-newest/). Whatever none claims is the site's 404 page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const site = siteFromRequest(request)
  const db = getDb()
  const url = new URL(request.url)
  const brokerPath = parseBrokerPath(site, url.pathname)
  if (brokerPath?.kind === 'profile') return { kind: 'profile' as const, page: await loadBrokerProfilePage(db, site, request, brokerPath.brokerId) }
  if (brokerPath) return { kind: 'listings' as const, page: await loadBrokerListingsPage(db, site, request, brokerPath) }
  const directoryPath = parseBrokerDirectoryPath(site, url.pathname, url.searchParams)
  if (directoryPath) return { kind: 'directory' as const, page: await loadBrokerDirectoryPage(db, site, request, directoryPath) }
  return { kind: 'search' as const, page: await loadSearchPage(db, site, request) }
}

/** Only the broker page takes posts: its message form. */
export async function action({ request }: ActionFunctionArgs) {
  const site = siteFromRequest(request)
  const brokerPath = parseBrokerPath(site, new URL(request.url).pathname)
  if (!brokerPath) throw new Response('Method Not Allowed', { status: 405 })
  return handleBrokerPagePost(getDb(), site, request, brokerPath)
}

export const shouldRevalidate = pageFormShouldRevalidate

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return []
  switch (data.kind) {
    case 'profile':
    case 'listings':
      return brokerPageMeta(data.page, matches)
    case 'directory':
      return brokerDirectoryMeta(data.page, matches)
    case 'search':
      return searchResultsMeta(data.page, matches)
  }
}

export default function Brokers() {
  const data = useLoaderData<typeof loader>()
  switch (data.kind) {
    case 'profile':
      return <BrokerProfilePage page={data.page} />
    case 'listings':
      return <BrokerListingsPage page={data.page} />
    case 'directory':
      return <BrokerDirectoryPage page={data.page} />
    case 'search':
      return <SearchResultsPage page={data.page} />
  }
}
