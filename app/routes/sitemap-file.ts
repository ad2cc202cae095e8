import type { LoaderFunctionArgs } from 'react-router'
import { databaseContext } from '~/http/database.server'
import { sitemapFileEntries } from '~/models/sitemaps/sitemap.server'
import { urlsetXml } from '~/models/sitemaps/sitemap-xml'
import { xmlResponse } from './sitemap-xml.server'
import { headContextForRequest } from '~/sites/head-context.server'
import { parseSitemapFileName } from '~/models/sitemaps/sitemap-path'

/** /sitemaps/{file}.xml: one file the site's /sitemap.xml names; any other name is a 404. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { site, origin } = headContextForRequest(request)
  const file = parseSitemapFileName(params.file ?? '')
  const entries = file && (await sitemapFileEntries(context.get(databaseContext), site, file))
  if (!entries) throw new Response('Not Found', { status: 404 })
  return xmlResponse(urlsetXml(origin, entries))
}
