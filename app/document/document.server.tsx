import type { EntryContext, RouterContextProvider } from 'react-router'
import { ServerRouter } from 'react-router'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import { cspNonceContext, NonceProvider } from '~/utils/csp-nonce'
import { lowDataContext } from '~/http/low-data.server'
import { sharedCacheControl } from './cache-control.server'
import { FramePartsProvider } from './frame'
import { framePartsOf } from './frame-parts.server'
import { finishDocument } from './pipeline.server'
import { renderWholePage } from './render.server'
import { failedForDatabase, logServerError } from './server-errors.server'

/**
 * A page's HTML response: React Router's render in the document's frame (frame.tsx), whole
 * (render.server.tsx), through the document pipeline (pipeline.server.ts), sent as one buffer with
 * its length and its caching.
 */
export async function documentResponse(request: Request, status: number, headers: Headers, routerContext: EntryContext, loadContext: RouterContextProvider) {
  let responseStatus = status
  // A page that failed because the database is unreachable is the site's error page as a 503, which tells a CDN or crawler to come back.
  if (responseStatus === 500 && failedForDatabase(request)) {
    responseStatus = 503
    headers.set('Retry-After', '10')
  }
  // The server's nonce for this response's Content-Security-Policy (decision 0023).
  const nonce = loadContext.get(cspNonceContext) || undefined
  const site = siteFromRequest(request)
  const page = (
    <NonceProvider value={nonce}>
      <FramePartsProvider value={await framePartsOf(loadContext.get(databaseContext), site)}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </FramePartsProvider>
    </NonceProvider>
  )
  const html = await renderWholePage(page, nonce, (error) => {
    responseStatus = 500
    logServerError(error, request)
  })
  const body = Buffer.from(await finishDocument(html, { site, nonce, isLowData: loadContext.get(lowDataContext) }))
  const cacheControl = headers.has('Cache-Control') ? undefined : sharedCacheControl(request, responseStatus, routerContext)
  if (cacheControl) headers.set('Cache-Control', cacheControl)
  headers.set('Content-Type', 'text/html; charset=utf-8')
  headers.set('Content-Length', String(body.length))
  return new Response(body, { headers, status: responseStatus })
}
