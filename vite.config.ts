import { createHash } from 'node:crypto'
import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import { type Plugin, type Rollup, build, defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'

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

/** The framework every page hydrates with (decision 0013): one chunk, fetched once the page has loaded. */
const frameworkModule = /\/node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)\//

/**
 * Decision 0032: the browser build's modules shared by more than one route go into one `app` chunk
 * instead of one chunk per set of routes that share them (40 files of 1–5 KB on a page, each a round
 * trip on a rural link and ~1.3 KB of response headers). A page then fetches the framework, `app`,
 * the root and its route, plus what it loads on demand. Modules loaded on demand (maplibre, the
 * carousels, the forms' extras) keep their own chunks.
 */
function manualChunks(id: string, { getModuleInfo }: Rollup.ManualChunkMeta) {
  if (frameworkModule.test(id)) return 'framework'
  const module = getModuleInfo(id)
  // A module only ever loaded on demand keeps its chunk; one also imported statically is loaded by the pages that import it.
  if (!module || module.isEntry || !module.importers.length || id.includes('/node_modules/')) return undefined
  const entries = [...entriesReaching(id, getModuleInfo)]
  if (entries.length < 2) return undefined
  return entries.every((entry) => accountRoute.test(entry)) ? 'account' : 'app'
}

/** Pages behind login (the account, the sellers' tools): their shared code stays out of the visitors' pages. */
const accountRoute = /\/app\/routes\/(account|seller|add-listing|lands-connector)[^/]*$/

const reachingEntries = new Map<string, Set<string>>()

/** The route modules (and the browser entry) whose static imports lead to a module. */
function entriesReaching(id: string, getModuleInfo: Rollup.GetModuleInfo, visiting = new Set<string>()): Set<string> {
  const known = reachingEntries.get(id)
  if (known) return known
  const module = getModuleInfo(id)
  const entries = new Set<string>()
  if (!module || visiting.has(id)) return entries
  visiting.add(id)
  if (module.isEntry || module.dynamicImporters.length) entries.add(id)
  for (const importer of module.importers) for (const entry of entriesReaching(importer, getModuleInfo, visiting)) entries.add(entry)
  visiting.delete(id)
  reachingEntries.set(id, entries)
  return entries
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter(), tsconfigPaths(), serviceWorker()],
  // The server build is the production server's Express app with the app inside (server/app.ts,
  // decision 0023), as React Router's custom-server template builds it.
  build: isSsrBuild ? { rollupOptions: { input: './server/app.ts' } } : { rollupOptions: { output: { manualChunks } } },
  server: { host: true, allowedHosts: ['.localhost'] },
  // Licence headers move to the end of each chunk, each kept once: the router alone repeated
  // its header many times in the shared chunk.
  esbuild: { legalComments: 'eof' },
}))
