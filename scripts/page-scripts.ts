import { deferredFrameworkScriptId } from '../app/document/deferred-framework-id'

const importedModules = (code: string) => [...code.matchAll(/(?:from |import\()"([^"]+)"/g)].map((match) => match[1]!)

/**
 * The scripts a page's HTML makes the browser fetch, by when: for the first view (module
 * preloads, external and module scripts that run at once) and once the page has loaded (the
 * framework's deferred modules, decision 0013). Modules those load on demand are not counted.
 */
export function pageScriptSources(html: string) {
  const runningModules = [...html.matchAll(/<script type="module"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((match) => importedModules(match[1]!))
  const firstView = [
    ...[...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g), ...html.matchAll(/<script[^>]* src="([^"]+)"/g)].map((match) => match[1]!),
    ...runningModules,
  ]
  const deferred = new RegExp(`<script type="text/plain" id="${deferredFrameworkScriptId}" data-preloads="([^"]*)"[^>]*>([\\s\\S]*?)</script>`).exec(html)
  const afterLoad = deferred ? [...deferred[1]!.split(' ').filter(Boolean), ...importedModules(deferred[2]!)] : []
  return { firstView: [...new Set(firstView)], afterLoad: [...new Set(afterLoad)] }
}
