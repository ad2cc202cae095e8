import { randomBytes, randomUUID } from 'node:crypto'
import path from 'node:path'
import { createRequestHandler } from '@react-router/express'
import zlib from 'node:zlib'
import compression from 'compression'
import expressStaticGzip from 'express-static-gzip'
import express, { type NextFunction, type Request, type Response } from 'express'
import helmet from 'helmet'
import { sql } from 'kysely'
import { createRequestHandler as createFetchHandler, RouterContextProvider } from 'react-router'
import * as build from 'virtual:react-router/server-build'
import { type AppConfig, readConfig } from '~/config.server'
import { connectionOfThisProcess } from '~/http/database.server'
import { redactSecrets } from '~/models/logs/secret-urls'
import { valuationModel } from '~/models/valuation/valuation.server'
import { sites } from '~/sites/index'
import { siteOfHost } from '~/sites/site-origin.server'
import { cspNonceContext } from '~/utils/csp-nonce'
import { comesFromHost, crossSitePostContext } from '~/http/request-guard.server'
import { createMetrics } from './metrics'
import { pageCache } from './page-cache'
import { type RequestLogEntry, requestLogger } from './request-log'

/**
 * The production server's Express app (decision 0023), built by Vite with the app itself so that
 * both share one module graph (one database connection, one set of caches): the server build
 * (build/server/index.js) is React Router's, plus `createApp` and `closeDb`. server/index.ts listens.
 */
export * from 'virtual:react-router/server-build'
export { closeConnectionOfThisProcess as closeDb } from '~/http/database.server'
export { originsProblem as configurationProblem } from '~/sites/site-origin.server'

// react-router.config.ts turns route middleware on; the load context is then a RouterContextProvider.
declare module 'react-router' {
  interface Future {
    v8_middleware: true
  }
}

/** An incoming X-Request-Id (a load balancer's, a CDN's) is kept when it is a plain token. */
const saneRequestId = /^[\w.:@-]{1,128}$/

/** Features no page of ours uses are switched off, for us and for anything we embed; the 'Near me' button asks for the location. */
const permissionsPolicy = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=(self)',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ')

function originOf(url: string | undefined) {
  if (!url) return []
  try {
    return [new URL(url.replace('{id}', 'id')).origin]
  } catch {
    return []
  }
}

/** This response's nonce, as the policy names it. */
const responseNonce = (_request: unknown, response: unknown) => `'nonce-${(response as Response).locals.cspNonce as string}'`

/**
 * The Content-Security-Policy of every answer: scripts and style elements only with this
 * response's nonce, scripts also when added by such a script ('strict-dynamic': the deferred framework, the data layer's runtime, the tag
 * manager); maplibre's workers from blob:, a configured map style's host; the listing's video and
 * tour players from any https host (tours come from many); images of ours and data:; no framing but ours.
 */
function contentSecurityPolicy(config: AppConfig) {
  const mapStyle = originOf(config.mapStyleUrl)
  const tagManager = originOf(config.tagManagerScriptUrl)
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
      scriptSrc: [responseNonce, "'strict-dynamic'", "'self'"],
      scriptSrcAttr: ["'none'"],
      // Style elements (the page's inlined stylesheet, decision 0032) only with the nonce; style
      // attributes stay allowed; browsers without the -elem/-attr directives read style-src.
      styleSrc: ["'self'", "'unsafe-inline'"],
      styleSrcElem: ["'self'", responseNonce],
      styleSrcAttr: ["'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...mapStyle, ...tagManager],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...mapStyle, ...tagManager],
      workerSrc: ["'self'", 'blob:'],
      frameSrc: ["'self'", 'https:'],
      // A login may end at the external listing tool (PROPERTY_CONTROL_CENTER_URL).
      formAction: ["'self'", ...originOf(config.propertyControlCenterUrl)],
      frameAncestors: ["'self'"],
    },
  }
}

/** Every answer: a request id, and one JSON log line when it is done. */
function requestLog(log: (entry: RequestLogEntry) => void) {
  return (request: Request, response: Response, next: NextFunction) => {
    const startedAt = performance.now()
    const incoming = request.get('x-request-id')
    const requestId = incoming && saneRequestId.test(incoming) ? incoming : randomUUID()
    response.setHeader('X-Request-Id', requestId)
    // Read now: a refused cross-site post is rewritten on its way to the app.
    const { method, path: requestPath } = request
    const host = request.get('host') ?? ''
    response.on('close', () => {
      log({
        time: new Date().toISOString(),
        requestId,
        method,
        host,
        // A reset key or a login token in the path would let whoever reads the log use it.
        path: redactSecrets(requestPath),
        status: response.statusCode,
        durationMs: Math.round((performance.now() - startedAt) * 10) / 10,
        pid: process.pid,
        ...(response.writableFinished ? {} : { aborted: true as const }),
      })
    })
    next()
  }
}

/** The security headers of every answer (decision 0023); the policy's nonce is new on every response. */
function securityHeaders(config: AppConfig) {
  const helmetHeaders = helmet({
    contentSecurityPolicy: contentSecurityPolicy(config),
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Sent below, and only over HTTPS: a plain-http local run must not be pinned to HTTPS.
    strictTransportSecurity: false,
  })
  return (request: Request, response: Response, next: NextFunction) => {
    response.locals.cspNonce = randomBytes(16).toString('base64')
    response.setHeader('Permissions-Policy', permissionsPolicy)
    if (request.secure) response.setHeader('Strict-Transport-Security', 'max-age=31536000')
    fitHeadersToAnswer(response, request.path)
    helmetHeaders(request, response, next)
  }
}

/**
 * What a script, a stylesheet, a raster image, a font or JSON gets for a policy: none of them is
 * ever a document, so a nonce means nothing to them (OWASP's advice for such answers).
 */
const subresourcePolicy = "default-src 'none'; frame-ancestors 'self'"

/** Headers that only a document (a page, an SVG, the service worker's script) acts on; helmet sends them with everything. */
const documentOnlyHeaders = [
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Frame-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
]

/** Content types that are never drawn as a document: SVG, HTML and XML are left their full policy. */
const subresourceType = /^(?:image\/(?!svg)|font\/|text\/css|text\/javascript|application\/javascript|application\/json)/

/**
 * Once the answer's type is known: a 304 carries no Content-Security-Policy, for the browser (or
 * CDN) keeps the policy stored with its copy of the page, whose scripts carry that policy's nonce
 * (http/http-cache.server.ts). A sub-resource gets the short policy and none of the document-only
 * headers: over HTTP/1.1 those were 0.7 KB of each photo's and script's 1.3 KB of headers, about a
 * tenth of a page's first-view transfer (decision 0023).
 */
function fitHeadersToAnswer(response: Response, requestPath: string) {
  const writeHead = response.writeHead
  response.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
    if (args[0] === 304 || this.statusCode === 304) this.removeHeader('Content-Security-Policy')
    else if (requestPath !== '/sw.js' && subresourceType.test(String(this.getHeader('Content-Type') ?? ''))) {
      this.setHeader('Content-Security-Policy', subresourcePolicy)
      for (const header of documentOnlyHeaders) this.removeHeader(header)
    }
    return writeHead.apply(this, args)
  } as typeof writeHead
}

/**
 * A body refused for its size (413, request-guard.server.ts) is left unread: the connection closes
 * after the answer, so the rest of it (a chunked body need never end) is not drained in the background.
 */
function closeAfterTooLarge(_request: Request, response: Response, next: NextFunction) {
  const writeHead = response.writeHead
  response.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
    if (args[0] === 413) this.setHeader('Connection', 'close')
    return writeHead.apply(this, args)
  } as typeof writeHead
  next()
}

/** GET /readyz: the database answers a trivial query within this time. */
const readinessTimeoutMs = 2_000

async function databaseAnswers() {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('The database did not answer in time')), readinessTimeoutMs)
  })
  try {
    await Promise.race([sql`select 1`.execute(connectionOfThisProcess()), timeout])
  } finally {
    clearTimeout(timer)
  }
}

const healthCheckPaths = new Set(['/healthz', '/readyz'])

/**
 * A request for a host this server does not serve (neither a configured origin's, a SITE_HOSTS
 * alias nor a development host) is answered 421 before any route runs (decision 0046): no page,
 * mail or redirect is ever made for a host a stranger chose.
 */
function refuseUnknownHosts(request: Request, response: Response, next: NextFunction) {
  // A load balancer's health checks name the machine's address; they answer no page.
  if (siteOfHost(request.headers.host) || healthCheckPaths.has(request.path)) return next()
  response
    .status(421)
    .set({ 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' })
    .send('Misdirected request: this server does not serve that host.')
}

const isMutation = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS'

/**
 * A POST (or any write) whose Origin, else Referer, names another site is answered with the site's
 * own 403 page and reaches no action: the request goes on as a GET of the error page, whose loader
 * refuses it (routes/error-page.tsx). Requests naming neither pass, as they carry no browser's cookies.
 */
function refuseCrossSitePosts(request: Request, response: Response, next: NextFunction) {
  if (!isMutation(request.method) || comesFromHost(request.host ?? '', request.get('origin') ?? request.get('referer'))) return next()
  response.locals.isCrossSitePost = true
  request.method = 'GET'
  request.url = request.originalUrl = '/error/'
  next()
}

/**
 * The app limits requests per client address (`clientAddress`, the first X-Forwarded-For entry):
 * it gets the address Express believes under TRUST_PROXY, so a client cannot pick its own by
 * sending the header, and clients of a server with no proxy in front do not share one address.
 */
function trustedClientAddress(request: Request, _response: Response, next: NextFunction) {
  request.headers['x-forwarded-for'] = request.ip ?? request.socket.remoteAddress ?? ''
  next()
}

function routerContext(cspNonce: string, isCrossSitePost: boolean) {
  const context = new RouterContextProvider()
  context.set(cspNonceContext, cspNonce)
  context.set(crossSitePostContext, isCrossSitePost)
  return context
}

const loadContext = (_request: Request, response: Response) => routerContext(response.locals.cspNonce as string, response.locals.isCrossSitePost === true)

/**
 * Renders each site's home page once in this process, and fits AcreWorth's model, before it takes
 * visitors: the first page loads the place data and fills the caches (about a second on 100,000
 * listings), and the first listing page would wait for the fit; with
 * several workers each has its own (decision 0026). A failure is logged, not fatal: the pages
 * answer for themselves once the database does.
 */
export async function warmUp() {
  const handle = createFetchHandler(build, process.env.NODE_ENV)
  for (const site of Object.values(sites)) {
    try {
      const response = await handle(new Request(`http://${site.devHost}/`), routerContext('', false))
      await response.arrayBuffer()
    } catch (error) {
      console.error(`Warming up ${site.devHost} failed`, error)
    }
  }
  // Listing pages show AcreWorth's estimate from its model, fitted once per process (seconds at 100,000 listings).
  await valuationModel(connectionOfThisProcess()).catch((error: unknown) => console.error('Fitting the valuation model failed', error))
}

/** The built browser files (build/client), from where the server runs, as react-router-serve found them. */
const clientFolder = path.resolve(build.assetsBuildDirectory)

export function createApp({ config = readConfig(), log = requestLogger() } = {}) {
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', config.trustProxy)
  const metrics = createMetrics(config.metrics, build.routes)
  app.use(requestLog(log))
  app.use(metrics.countRequests)
  // A scraper names the machine's address, as a load balancer's health checks do: before the host check.
  app.get('/metrics', metrics.serveMetrics)
  app.use(refuseUnknownHosts)
  // Before the security headers and the compression: a cached page is kept, and sent again, with
  // them as they were (its policy names the nonce its scripts carry) and as compressed bytes.
  if (config.pageCacheBytes > 0) app.use(pageCache(config.pageCacheBytes, metrics.countPageCache))
  app.use(securityHeaders(config))
  // Brotli at quality 5, not the library's 4: a listing page is 2.4 KB (6%) smaller for 0.8 ms more (decision 0041).
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } }))

  const notStored = { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' }
  app.get('/healthz', (_request, response) => {
    response.set(notStored).send('ok')
  })
  app.get('/readyz', async (_request, response) => {
    try {
      await databaseAnswers()
      response.set(notStored).send('ok')
    } catch (error) {
      console.error('[readyz] the database does not answer', error)
      response.status(503).set(notStored).send('database unreachable')
    }
  })

  // Built files are named by their content hash: cached for good. They are sent as the build compressed
  // them (decision 0043); the compression middleware leaves an answer that is already encoded alone.
  app.use(
    '/assets',
    expressStaticGzip(path.join(clientFolder, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      serveStatic: { immutable: true, maxAge: '1y', fallthrough: false },
    }),
  )
  // The service worker (decision 0034) is asked for again on each visit, so a release reaches the browser at once.
  app.get('/sw.js', (_request, response, next) => {
    response.setHeader('Cache-Control', 'no-cache')
    next()
  })
  app.use(express.static(clientFolder, { maxAge: '1h', index: false }))
  // Photos may be shown by other sites' pages (a webmail showing our e-mails).
  app.use('/resizedimages', (_request, response, next) => {
    response.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
    next()
  })

  app.use(trustedClientAddress)
  app.use(refuseCrossSitePosts)
  app.use(closeAfterTooLarge)
  app.use(createRequestHandler({ build, getLoadContext: loadContext, mode: process.env.NODE_ENV }))
  return app
}
