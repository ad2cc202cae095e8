import {
  type ActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useLoaderData,
} from 'react-router'
import { brokerDirectoryMeta } from '~/components/broker-directory-meta'
import { BrokerListingsPage, BrokerProfilePage, brokerPageMeta } from '~/components/broker-page'
import { lazyComponent } from '~/components/lazy-component'
import { pageFormShouldRevalidate } from '~/components/page-form'
import { searchResultsMeta } from '~/components/search-results-meta'
import { loadBrokerDirectoryPage } from './broker-directory.server'
import { handleBrokerPagePost, loadBrokerListingsPage, loadBrokerProfilePage } from './brokers.server'
import { getDb } from '~/models/db/db.server'
import { loadSearchPage } from './search.server'
import { parseBrokerDirectoryPath } from '~/sites/broker-directory-path'
import { parseBrokerPath } from '~/sites/broker-path'
import { siteFromRequest } from '~/sites/site.server'

/**
 * Broker pages (spec §2): land /member/{name}/{id}(/listings/), farm /broker/{name}-{id}/(land/),
 * hunting /profile/{name}/{id}(/properties). Two of these shapes mean other pages too, decided by
 * the site's grammars: /broker/… is the land site's directory (/broker/texas/agents/), and
 * /member/{id}/{token}/ the land site's broker results search (spec §2's fallback of
 * /member/{name}/{non-numeric}). Those two are drawn by components loaded only when drawn, so a
 * broker page loads its own code alone. Whatever no grammar claims is the site's 404 page.
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

const BrokerDirectoryPage = lazyComponent(() => import('~/components/broker-directory-page').then((module) => module.BrokerDirectoryPage))
const SearchResultsPage = lazyComponent(() => import('~/components/search-results-page').then((module) => module.SearchResultsPage))

/** A client navigation to the directory or a search has its code before drawing it. */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const data = await serverLoader<typeof loader>()
  if (data.kind === 'directory') await BrokerDirectoryPage.preload()
  if (data.kind === 'search') await SearchResultsPage.preload()
  return data
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
