import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'
import { remixConfig } from './remix.config'

export default defineConfig({
  plugins: [remix(remixConfig), tsconfigPaths()],
  server: { host: true, allowedHosts: ['.localhost'] },
  // Licence headers move to the end of each chunk, each kept once: @remix-run/react alone repeated
  // its header eleven times in the shared chunk.
  esbuild: { legalComments: 'eof' },
})
