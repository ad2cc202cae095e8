import { type LoaderFunctionArgs } from 'react-router'
import { brokerDirectoryMeta } from '~/components/broker-directory-meta'
import { BrokerDirectoryPage } from '~/components/broker-directory-page'
import { sitePageViews } from './site-page-views'
import { databaseContext } from '~/http/database.server'
import { loadSitePage } from './site-page.server'

/**
 * The broker directory at the paths that mean nothing else (spec §2): land /broker/, farm
 * /real-estate-agents/…, hunting /find-agent/…; the land site's deeper /broker/… pages come
 * through routes/brokers.tsx. A path the site's directory grammar does not read is a 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadSitePage(context.get(databaseContext), request, ['broker-directory'])
}

const views = sitePageViews({ 'broker-directory': { Component: BrokerDirectoryPage, meta: brokerDirectoryMeta } })

export const handle = views.handle

export const meta = views.meta

export default views.Component
