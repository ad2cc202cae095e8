import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { brokerDirectoryMeta } from '~/components/broker-directory-meta'
import { BrokerDirectoryPage } from '~/components/broker-directory-page'
import { loadBrokerDirectoryPage } from './broker-directory.server'
import { getDb } from '~/models/db/db.server'
import { parseBrokerDirectoryPath } from '~/sites/broker-directory-path'
import { siteFromRequest } from '~/sites/site.server'

/**
 * The broker directory at the paths that mean nothing else (spec §2): land /broker/, farm
 * /real-estate-agents/…, hunting /find-agent/…; the land site's deeper /broker/… pages come
 * through routes/brokers.tsx. A path the site's directory grammar does not read is a 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const site = siteFromRequest(request)
  const url = new URL(request.url)
  const directoryPath = parseBrokerDirectoryPath(site, url.pathname, url.searchParams)
  if (!directoryPath) throw new Response('Not Found', { status: 404 })
  return loadBrokerDirectoryPage(getDb(), site, request, directoryPath)
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? brokerDirectoryMeta(data, matches) : [])

export default function BrokerDirectory() {
  return <BrokerDirectoryPage page={useLoaderData<typeof loader>()} />
}
