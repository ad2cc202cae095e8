import type { LoaderFunctionArgs } from 'react-router'
import { databaseContext } from '~/http/database.server'
import { sitemapIndexFiles } from '~/models/sitemaps/sitemap.server'
import { sitemapIndexXml } from '~/models/sitemaps/sitemap-xml'
import { xmlResponse } from './sitemap-xml.server'
import { headContextForRequest } from '~/sites/head-context.server'

/** /sitemap.xml: the index of the site's sitemap files (issue 7 §6), on the site's canonical origin. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { site, origin } = headContextForRequest(request)
  return xmlResponse(sitemapIndexXml(origin, await sitemapIndexFiles(context.get(databaseContext), site)))
}
