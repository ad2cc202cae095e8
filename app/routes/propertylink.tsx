import { type LoaderFunctionArgs, redirect } from 'react-router'
import { findBroker } from '~/models/brokers/broker.server'
import { databaseContext } from '~/http/database.server'
import { brokerCanonicalPath } from '~/models/brokers/broker-path'
import { siteFromRequest } from '~/sites/site.server'

/**
 * Spec §2 /propertylink/{brokerId}: a stable link to a broker that leads to their page on this
 * site (302: the page's address follows the broker's name and plan). An unknown broker, and any
 * broker on a site without broker pages, is a 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const site = siteFromRequest(request)
  const brokerId = /^\d{1,9}$/.test(params.brokerId ?? '') ? Number(params.brokerId) : 0
  const broker = brokerId > 0 ? await findBroker(context.get(databaseContext), brokerId) : undefined
  const path = broker && brokerCanonicalPath(site, broker)
  if (!path) throw new Response('Not Found', { status: 404 })
  return redirect(path, 302)
}

/** Never rendered (the loader redirects or throws); having a component makes a 404 the site's own error page. */
export default function PropertyLink() {
  return null
}
