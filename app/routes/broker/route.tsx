import { lazyComponent } from '~/components/lazy-component'
import { pageFormShouldRevalidate } from '~/components/page-form'
import { databaseContext } from '~/http/database.server'
import { passRetryAfter } from '~/http/form-rate-limit.server'
import { brokerDirectoryMeta } from '~/routes/broker-directory/meta'
import { searchResultsMeta } from '~/routes/search/meta'
import { sitePageViews } from '~/routes/site-page-views'
import { loadSitePage } from '~/routes/site-page.server'
import { resolveSitePath } from '~/sites/site-path'
import { siteFromRequest } from '~/sites/site.server'
import type { Route } from './+types/route'
import { brokerPageMeta } from './meta'
import { BrokerListingsPage, BrokerProfilePage } from './page'
import { handleBrokerPagePost } from './page.server'

/**
 * Broker pages (spec §2): land /member/{name}/{id}(/listings/), farm /broker/{name}-{id}/(land/),
 * hunting /profile/{name}/{id}(/properties). Two of these shapes mean other pages too, decided by
 * the site's grammars: /broker/… is the land site's directory (/broker/texas/agents/), and
 * /member/{id}/{token}/ the land site's broker results search (spec §2's fallback of
 * /member/{name}/{non-numeric}). Those two are drawn by components loaded only when drawn, so a
 * broker page loads its own code alone. Whatever no grammar claims is the site's 404 page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSitePage(context.get(databaseContext), request, ['broker-profile', 'broker-listings', 'broker-directory', 'search'])
}

/** Only the broker's profile takes posts: its message form. */
export async function action({ request, context }: Route.ActionArgs) {
  const site = siteFromRequest(request)
  const path = resolveSitePath(site, new URL(request.url), ['broker-profile'])
  if (path?.kind !== 'broker-profile') throw new Response('Method Not Allowed', { status: 405 })
  return handleBrokerPagePost(context.get(databaseContext), site, request, path.brokerId)
}

const views = sitePageViews({
  'broker-profile': { Component: BrokerProfilePage, meta: brokerPageMeta },
  'broker-listings': { Component: BrokerListingsPage, meta: brokerPageMeta },
  'broker-directory': {
    Component: lazyComponent(() => import('~/routes/broker-directory/page').then((module) => module.BrokerDirectoryPage)),
    meta: brokerDirectoryMeta,
  },
  search: {
    Component: lazyComponent(() => import('~/routes/search/page').then((module) => module.SearchResultsPage)),
    meta: searchResultsMeta,
  },
})

export const clientLoader = (args: Route.ClientLoaderArgs) => views.clientLoader(args)

export const headers = passRetryAfter()

export const shouldRevalidate = pageFormShouldRevalidate

export const handle = views.handle

export const meta: Route.MetaFunction = (args) => views.meta(args)

export default function Broker({ loaderData }: Route.ComponentProps) {
  return <views.Component loaderData={loaderData} />
}
