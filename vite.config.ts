import fs from 'node:fs'
import { createHash } from 'node:crypto'
import path from 'node:path'
import zlib from 'node:zlib'
import { reactRouter } from '@react-router/dev/vite'
import { type Plugin, type Rollup, build, defineConfig } from 'vite'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'
import tsconfigPaths from 'vite-tsconfig-paths'
import { browserScripts } from './vite-plugins/browser-scripts'

/**
 * The service worker (decision 0034): built on its own, after the browser build, to /sw.js at the
 * site's root (its scope), as one classic script; its version names the build's files, so each
 * release installs a new worker.
 */
function serviceWorker(): Plugin {
  let outDir = ''
  let version = ''
  return {
    name: 'service-worker',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && isSsrBuild !== true,
    configResolved(config) {
      outDir = config.build.outDir
    },
    generateBundle(_options, bundle) {
      version = createHash('sha256').update(Object.keys(bundle).sort().join('\n')).digest('hex').slice(0, 12)
    },
    async closeBundle() {
      if (!version) return
      await build({
        configFile: false,
        logLevel: 'warn',
        resolve: { alias: { '~': path.resolve('app') } },
        define: { __APP_VERSION__: JSON.stringify(version) },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          lib: { entry: path.resolve('app/service-worker/service-worker.ts'), formats: ['iife'], name: 'serviceWorker', fileName: () => 'sw.js' },
        },
      })
    },
  }
}

/**
 * The browser build's scripts, stylesheets and SVGs written out compressed beside themselves at the
 * strongest settings (Brotli 11, gzip 9), which the server sends as they are (decision 0043): about
 * 9 % fewer bytes than compressing each answer at Brotli 5, and no compression work per request.
 */
const precompressedAssets = () =>
  compression({
    include: /\.(js|css|svg|json)$/,
    threshold: 1024,
    algorithms: [defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
    logLevel: 'silent',
  })

/**
 * The framework every page hydrates with (decision 0013): one chunk, fetched once the page has loaded.
 * Rollup's CommonJS interop helper travels with it: React is CommonJS, and with the helper in `app`
 * (other CommonJS modules there use it too) the two chunks imported each other, a circular chunk.
 */
const frameworkModule = /\/node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)\/|^\0commonjsHelpers\.js$/

/**
 * Decision 0032: the browser build's modules that every page needs (the root's) or that most visits'
 * pages share go into one `app` chunk, instead of one chunk per set of routes that share them (40
 * files of 1–5 KB on a page, each a round trip on a rural link and ~1.3 KB of response headers). Code
 * shared by only a few routes stays out of `app`, so the busiest pages do not fetch it: in the
 * `<route>-parts` chunk of the busiest page that loads it at once (or of a valuation site page),
 * or else in Rollup's own chunks (the feed tables). A page then fetches the framework, `app`, the
 * root, its route and its parts, plus what it loads on demand. Modules loaded on demand (maplibre,
 * the carousels, the forms' extras) keep their own chunks.
 */
function manualChunks(id: string, { getModuleInfo }: Rollup.ManualChunkMeta) {
  if (frameworkModule.test(id)) return 'framework'
  const module = getModuleInfo(id)
  // A module only ever loaded on demand keeps its chunk; one also imported statically is loaded by the pages that import it.
  if (!module || module.isEntry || !module.importers.length || id.includes('/node_modules/')) return undefined
  // Load units: the route modules, the browser entry and the modules loaded on demand.
  const entries = [...importersReaching(id, getModuleInfo, 'static', (_, info) => info.isEntry || info.dynamicImporters.length > 0)]
  if (entries.length < 2) return undefined
  if (entries.every((entry) => accountRoute.test(entry))) return 'account'
  const routes = routesReaching(id, getModuleInfo, 'all')
  const busiest = busiestRoutes.filter((route) => routes.has(route))
  if (routes.has(rootRoute) || busiest.length >= 3) return 'app'
  // Code a busy page (or a valuation site page) loads with it, shared with a few others, travels in that page's part: one file for it, not one per module.
  const staticRoutes = routesReaching(id, getModuleInfo, 'static')
  const partsLoader = partsRoutes.find((route) => staticRoutes.has(route))
  return partsLoader ? `${pageName(partsLoader)}-parts` : undefined
}

const rootRoute = path.resolve('app/root.tsx')

/** The page types most visits land on: code three of them share is worth a place in the shared chunk. */
const busiestRoutes = routeFiles(['search/route', 'listing/route', 'landing/route', 'home/route', 'broker/route', 'broker-directory/route'])

/**
 * The pages whose shared code travels in a part of their own: the busiest, then the valuation site's
 * own pages, which share code with the sellers' tools (the charts, the listing's fields). Without a
 * part of their own that code went where Rollup put it: into the `account` chunk, with the sellers'
 * lead inbox, or into a file per module. Land values come first: the valuation page loads their
 * charts too.
 */
const partsRoutes = [...busiestRoutes, ...routeFiles(['land-values/route', 'value/route'])]

/** The route modules' files; a route that moved or went fails the build, instead of quietly changing what goes where. */
function routeFiles(routes: string[]) {
  return routes.map((route) => {
    const file = path.resolve(`app/routes/${route}.tsx`)
    if (!fs.existsSync(file)) throw new Error(`vite.config.ts names a route module that does not exist: app/routes/${route}.tsx`)
    return file
  })
}

/** A page's name: its folder's (`search` for routes/search/route.tsx), or a route module's own outside a folder. */
const pageName = (routeFile: string) => (path.basename(routeFile) === 'route.tsx' ? path.basename(path.dirname(routeFile)) : path.basename(routeFile, '.tsx'))

/** The route modules (and the root) whose pages load a module: at once or on demand (`all`), or at once only (`static`). */
function routesReaching(id: string, getModuleInfo: Rollup.GetModuleInfo, imports: 'all' | 'static') {
  const isRoute = (file: string) => file === rootRoute || file.includes('/app/routes/')
  return new Set([...importersReaching(id, getModuleInfo, imports, (importer) => isRoute(withoutQuery(importer)))].map(withoutQuery))
}

const withoutQuery = (id: string) => id.replace(/\?.*$/, '')

/** The modules, `id` itself included, whose imports (static ones, or `all`) lead to `id` and that `picks` chooses. */
function importersReaching(
  id: string,
  getModuleInfo: Rollup.GetModuleInfo,
  imports: 'all' | 'static',
  picks: (importer: string, info: Rollup.ModuleInfo) => boolean,
): Set<string> {
  const picked = new Set<string>()
  const seen = new Set([id])
  const waiting = [id]
  for (let current = waiting.pop(); current !== undefined; current = waiting.pop()) {
    const info = getModuleInfo(current)
    if (!info) continue
    if (picks(current, info)) picked.add(current)
    for (const importer of imports === 'all' ? [...info.importers, ...info.dynamicImporters] : info.importers) {
      if (seen.has(importer)) continue
      seen.add(importer)
      waiting.push(importer)
    }
  }
  return picked
}

/** Pages behind login (the account, the sellers' tools): their shared code stays out of the visitors' pages. */
const accountRoute = /\/app\/routes\/((account|lands-connector)\/|add-listing\.tsx$)/

/** Vite's warning that a module loaded on demand is in a chunk its importer loads at once anyway. */
const isIneffectiveDynamicImport = (warning: Rollup.RollupLog) =>
  warning.plugin === 'vite:reporter' && warning.message.includes('dynamic import will not move module')

/**
 * The browser build's warnings (issue 34 item 7, decision 0054). Two mean the chunking works against
 * itself and fail the build, so they cannot come back unnoticed: a circular chunk (each of two
 * chunks waits for the other), and a module loaded on demand that is already in its importer's
 * chunk (the split promised by the `import()` does not happen). One is expected and not reported: a
 * resource route (an API, an image, a sitemap) has no browser code, and React Router still asks
 * for its chunk, which comes out empty.
 */
function browserBuildWarnings(warning: Rollup.RollupLog, warn: Rollup.LoggingFunction) {
  if (warning.code === 'CIRCULAR_CHUNK' || isIneffectiveDynamicImport(warning)) throw new Error(warning.message)
  if (warning.code !== 'EMPTY_BUNDLE') warn(warning)
}

/**
 * The server build's warnings, but for the ineffective on-demand imports: the server bundles the
 * routes that load a module at once and those that load it on demand into one chunk, which is
 * right for a server; the browser build, where the split matters, still refuses them.
 */
function serverBuildWarnings(warning: Rollup.RollupLog, warn: Rollup.LoggingFunction) {
  if (!isIneffectiveDynamicImport(warning)) warn(warning)
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter(), tsconfigPaths(), serviceWorker(), browserScripts(), ...(isSsrBuild ? [] : [precompressedAssets()])],
  // The server build is the production server's Express app with the app inside (server/app.ts,
  // decision 0023), as React Router's custom-server template builds it.
  build: isSsrBuild
    ? { rollupOptions: { input: './server/app.ts', onwarn: serverBuildWarnings } }
    : {
        rollupOptions: { output: { manualChunks }, onwarn: browserBuildWarnings },
        // maplibre-gl is about 1 MB minified and loads only with a map (decision 0010); every page's own chunks stay far below.
        chunkSizeWarningLimit: 1100,
      },
  server: { host: true, allowedHosts: ['.localhost'] },
  // Licence headers move to the end of each chunk, each kept once: the router alone repeated
  // its header many times in the shared chunk.
  esbuild: { legalComments: 'eof' },
}))
