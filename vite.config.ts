import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter(), tsconfigPaths()],
  // The server build is the production server's Express app with the app inside (server/app.ts,
  // decision 0023), as React Router's custom-server template builds it.
  build: isSsrBuild ? { rollupOptions: { input: './server/app.ts' } } : undefined,
  server: { host: true, allowedHosts: ['.localhost'] },
  // Licence headers move to the end of each chunk, each kept once: the router alone repeated
  // its header many times in the shared chunk.
  esbuild: { legalComments: 'eof' },
}))
