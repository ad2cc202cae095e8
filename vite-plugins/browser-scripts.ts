import path from 'node:path'
import { type Plugin, type Rollup, build } from 'vite'

const prefix = 'virtual:browser-script/'

/**
 * `virtual:browser-script/NAME` is the text of app/document/browser-scripts/NAME.ts as Vite builds
 * it on its own: one minified classic script with what it imports, for a page to carry inline (the
 * framework's starter, the lazy images, the data layer's loader) or the server to send as a file
 * (the data layer's runtime). They run without the framework, most before it or instead of it
 * (decisions 0013, 0021, 0040). Text, not files of the browser build, so that the server, the unit
 * tests and the development server all have them without a build.
 */
export function browserScripts(): Plugin {
  return {
    name: 'browser-scripts',
    resolveId: (id) => (id.startsWith(prefix) ? `\0${id}` : undefined),
    async load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined
      const name = id.slice(prefix.length + 1)
      if (!/^[a-z-]+$/.test(name)) throw new Error(`No browser script is named ${name}`)
      const entry = path.resolve(`app/document/browser-scripts/${name}.ts`)
      this.addWatchFile(entry)
      const [output] = (await build({
        configFile: false,
        logLevel: 'warn',
        resolve: { alias: { '~': path.resolve('app') } },
        build: { write: false, minify: true, lib: { entry, formats: ['iife'], name: 'browserScript', fileName: () => `${name}.js` } },
      })) as Rollup.RollupOutput[]
      // No trailing newline: the text goes inside a page's <script>.
      return `export default ${JSON.stringify(output!.output[0].code.trim())}`
    },
  }
}
