import { Writable } from 'node:stream'
import { type EntryContext, type HandleErrorFunction, isRouteErrorResponse, type RouterContextProvider, ServerRouter } from 'react-router'
import { renderToPipeableStream } from 'react-dom/server'
import { isDatabaseUnavailable } from '~/models/db/dialect.server'
import { withDataLayerRuntime } from '~/models/analytics/data-layer-runtime.server'
import { withPriorityPhotoInline } from '~/models/media/inline-priority-photo.server'
import { redactSecrets } from '~/models/logs/secret-urls'
import { pageAnalyticsOf } from '~/models/analytics/page-analytics'
import { defaultSite } from '~/sites/index'
import { siteFromRequest } from '~/sites/site.server'
import { cspNonceContext, NonceProvider } from '~/utils/csp-nonce'
import { deferFrameworkScripts } from '~/utils/deferred-hydration.server'
import { StylesheetProvider, siteStylesheetHref } from '~/utils/inline-stylesheet'
import { withPageStylesheet } from '~/utils/page-stylesheet.server'
import { siteNavigationContext, siteNavigationHtml } from '~/components/site-navigation-html.server'
import { StaticHtmlProvider } from '~/components/static-html'
import { placeLinkGroupsContext, placeLinkGroupsHtml } from '~/components/place-link-groups-html.server'
import { stateShapesHtml, stateShapesInPageContext } from '~/components/state-shapes-html.server'
import siteStylesheet from '~/tailwind.css?inline'
import { pageCacheControl } from '~/utils/http-cache.server'
import { lowDataContext } from '~/utils/low-data.server'
import { setFallbackSite } from '~/utils/use-site'

// Pages whose root loader failed are drawn as the main land site (root.tsx hands it to the browser).
setFallbackSite(defaultSite)

/** How long promises passed to the page may take to settle before React gives up on them. */
export const streamTimeout = 5_000

/**
 * Pages are rendered whole before the first byte (onAllReady): nothing is deferred, and a
 * complete document is what crawlers and script-less browsers on slow links need. Being whole,
 * it goes out as one buffer with its length, not as React's small chunks through a stream each,
 * with only the stylesheet rules its markup uses (decision 0042) and its priority photo's phone
 * rendition written in (decision 0041), and its framework scripts start after the page has loaded, or with Low data at the visitor's
 * first use of the page (deferred-hydration.server.ts), as
 * does the data layer's script that ends its body (data-layer-runtime.server.ts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A page that failed because the database is unreachable is the site's error page as a 503, which tells a CDN or crawler to come back.
  if (responseStatusCode === 500 && requestsWithoutDatabase.has(request)) {
    responseStatusCode = 503
    responseHeaders.set('Retry-After', '10')
  }
  // The server's nonce for this response's Content-Security-Policy (decision 0023).
  const nonce = loadContext.get(cspNonceContext) || undefined
  return new Promise<Response>((resolve, reject) => {
    // Cleared once the page is complete: a pending timer would keep the whole render alive for seconds.
    const abortTimer = setTimeout(() => abort(), streamTimeout + 1_000)
    const page = (
      <NonceProvider value={nonce}>
        <StylesheetProvider value={siteStylesheet}>
          <StaticHtmlProvider
            value={{
              ...siteNavigationHtml(loadContext.get(siteNavigationContext)),
              ...stateShapesHtml(loadContext.get(stateShapesInPageContext)),
              ...placeLinkGroupsHtml(loadContext.get(placeLinkGroupsContext)),
            }}
          >
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </StaticHtmlProvider>
        </StylesheetProvider>
      </NonceProvider>
    )
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      // React outlines a Suspense boundary once the page before it passes this many bytes, to be
      // revealed by an inline script: a browser without JavaScript would never show it.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        clearTimeout(abortTimer)
        const chunks: Buffer[] = []
        const document = new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk)
            done()
          },
          async final(done) {
            const isLowData = loadContext.get(lowDataContext)
            // Decoded once for the two changes made on the text (a 250 KB page takes about a millisecond each way).
            const html = await withPriorityPhotoInline(withPageStylesheet(Buffer.concat(chunks).toString('utf8'), siteStylesheet))
            const body = withDataLayerRuntime(
              deferFrameworkScripts(Buffer.from(html), nonce, isLowData ? 'interaction' : 'load', siteStylesheetHref),
              siteFromRequest(request),
              nonce,
              isLowData,
            )
            const cacheControl = responseHeaders.has('Cache-Control') ? undefined : sharedCacheControl(request, responseStatusCode, routerContext)
            if (cacheControl) responseHeaders.set('Cache-Control', cacheControl)
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
            responseHeaders.set('Content-Length', String(body.length))
            resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }))
            done()
          },
        })
        pipe(document)
      },
      onShellError(error: unknown) {
        clearTimeout(abortTimer)
        reject(error)
      },
      onError(error: unknown) {
        responseStatusCode = 500
        logServerError(error, request)
      },
    })
  })
}

/**
 * A page answered 200 to a GET gets its type's shared caching (utils/http-cache.server.ts; the root's
 * middleware then keeps it private for a session): the type is what the deepest route's `handle`
 * declares for the data layer.
 */
function sharedCacheControl(request: Request, status: number, { staticHandlerContext, routeModules }: EntryContext) {
  if (status !== 200 || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined
  const matches = staticHandlerContext.matches.map(({ route }) => ({ handle: routeModules[route.id]?.handle, data: staticHandlerContext.loaderData[route.id] }))
  return pageCacheControl(pageAnalyticsOf(matches, undefined).pageType)
}

/** The request's path and query as logged: a reset key or login token in it is left out (models/logs/secret-urls.ts). */
function loggedAddress(request: Request) {
  const { pathname, search } = new URL(request.url)
  return redactSecrets(`${pathname}${search}`)
}

function logServerError(error: unknown, request: Request) {
  console.error(`[server error] ${request.method} ${loggedAddress(request)}`, error)
}

/**
 * React Router's own refusals: a method the route has no handler for (405, e.g. a POST to a page
 * without an action), and a form post from another origin (answered 400 before any action runs;
 * its message is the only way to know it, stable within the pinned 7.18.4).
 */
function refusalOf(error: unknown) {
  if (isRouteErrorResponse(error) && error.status < 500) return `${error.status} ${error.statusText}`
  if (error instanceof Error && /origin.* Aborting the action\.$/.test(error.message)) return '400 cross-origin form post'
  return undefined
}

/**
 * Every unexpected loader, action or render error is logged with the request path and its stack
 * (issue 4 §5); an expected refusal is one line, as an access log would have it.
 */
/** Requests whose loader or action failed because the database was unreachable (the errors the render sees are sanitized). */
const requestsWithoutDatabase = new WeakSet<Request>()

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return
  if (isDatabaseUnavailable(error)) requestsWithoutDatabase.add(request)
  const refusal = refusalOf(error)
  if (refusal) {
    console.warn(`[refused] ${request.method} ${loggedAddress(request)}: ${refusal}`)
    return
  }
  logServerError(error, request)
}
