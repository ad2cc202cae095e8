import { createHash } from 'node:crypto'
import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import { type Plugin, build, defineConfig } from 'vite'
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

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter(), tsconfigPaths(), serviceWorker()],
  // The server build is the production server's Express app with the app inside (server/app.ts,
  // decision 0023), as React Router's custom-server template builds it.
  build: isSsrBuild ? { rollupOptions: { input: './server/app.ts' } } : undefined,
  server: { host: true, allowedHosts: ['.localhost'] },
  // Licence headers move to the end of each chunk, each kept once: the router alone repeated
  // its header many times in the shared chunk.
  esbuild: { legalComments: 'eof' },
}))
