import type { LoaderFunctionArgs } from 'react-router'
import { robotsTxt } from '~/models/sitemaps/robots'
import { headContextForRequest } from '~/sites/head-context.server'
import { sitemapFilesCacheControl } from '~/http/http-cache.server'

/** /robots.txt of the site the request is for, naming that site's own sitemap. */
export async function loader({ request }: LoaderFunctionArgs) {
  return new Response(robotsTxt(headContextForRequest(request)), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': sitemapFilesCacheControl },
  })
}
