import { databaseContext } from '~/http/database.server'
import { sitePageViews } from '~/routes/site-page-views'
import { loadSitePage } from '~/routes/site-page.server'
import type { Route } from './+types/route'
import { brokerDirectoryMeta } from './meta'
import { BrokerDirectoryPage } from './page'

/**
 * The broker directory at the paths that mean nothing else (spec §2): land /broker/, farm
 * /real-estate-agents/…, hunting /find-agent/…; the land site's deeper /broker/… pages come
 * through routes/broker/route.tsx. A path the site's directory grammar does not read is a 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSitePage(context.get(databaseContext), request, ['broker-directory'])
}

const views = sitePageViews({ 'broker-directory': { Component: BrokerDirectoryPage, meta: brokerDirectoryMeta } })

export const handle = views.handle

export const meta: Route.MetaFunction = (args) => views.meta(args)

export default function BrokerDirectory({ loaderData }: Route.ComponentProps) {
  return <views.Component loaderData={loaderData} />
}
