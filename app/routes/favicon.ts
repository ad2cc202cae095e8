import type { Route } from './+types/favicon'
import { redirect } from 'react-router'
import { siteIconPath, siteIconSvg } from '~/sites/site-icon'
import { siteFromRequest } from '~/sites/site.server'

/**
 * /favicon.svg, the site's icon in its own colours, and /favicon.ico, which browsers and crawlers
 * ask for without reading the page: a permanent redirect to it.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (new URL(request.url).pathname.endsWith('.ico')) throw redirect(siteIconPath, 301)
  return new Response(siteIconSvg(siteFromRequest(request)), {
    headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' },
  })
}
