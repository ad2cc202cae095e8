import path from 'node:path'
import { type Plugin, type Rollup, build } from 'vite'

const virtualId = 'virtual:data-layer-runtime'
const resolvedId = `\0${virtualId}`

/**
 * `virtual:data-layer-runtime` is the data layer's script file as text: Vite builds
 * app/document/data-layer-runtime.client.ts on its own into one minified classic script (it runs
 * without the framework, decision 0021), and the server sends it (routes/data-layer-script.ts).
 * The text, not a file of the browser build, so that the server, the unit tests (which run it
 * against a stand-in window) and the development server all have it without a build.
 */
export function dataLayerRuntimeScript(): Plugin {
  return {
    name: 'data-layer-runtime',
    resolveId: (id) => (id === virtualId ? resolvedId : undefined),
    async load(id) {
      if (id !== resolvedId) return undefined
      const entry = path.resolve('app/document/data-layer-runtime.client.ts')
      this.addWatchFile(entry)
      const output = (await build({
        configFile: false,
        logLevel: 'warn',
        resolve: { alias: { '~': path.resolve('app') } },
        build: { write: false, minify: true, lib: { entry, formats: ['iife'], name: 'dataLayerRuntime', fileName: () => 'data-layer.js' } },
      })) as Rollup.RollupOutput[]
      const [chunk] = output[0]!.output
      return `export default ${JSON.stringify(chunk.code)}`
    },
  }
}
