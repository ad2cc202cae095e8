import { parse } from 'node-html-parser'
import { afterEach, describe, expect, test, vi } from 'vitest'
import startAfterFirstView from 'virtual:browser-script/start-framework-after-first-view'
import startAtFirstUse from 'virtual:browser-script/start-framework-at-first-use'
import { startFramework } from '~/document/browser-scripts/framework-starter'
import { deferredFrameworkScriptId } from '~/document/deferred-framework-id'
import { deferFrameworkScripts } from '~/document/deferred-framework.server'

// The transform's cases, on a page of the shape React Router 7's <Scripts nonce> writes: module
// preloads hoisted into the head, the router's context as a classic script and one module script
// that imports the page's modules, each with the response's CSP nonce. Whether React Router still
// writes that shape is tested on the production build's real pages (tests/integration/first-view.test.ts:
// "none before it has loaded").
const nonce = 'bm9uY2Utb2YtdGhpcy1wYWdl'
const frameworkCode = `;\nimport * as route0 from "/assets/root-A.js";\nimport * as route1 from "/assets/home-B.js";\nwindow.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\nimport("/assets/entry.client-C.js");`
const page = `<!DOCTYPE html><html><head><title>Land</title><link rel="modulepreload" href="/assets/entry.client-C.js" nonce="${nonce}"/><link rel="modulepreload" href="/assets/chunk-D.js" nonce="${nonce}"/><link rel="stylesheet" href="/assets/tailwind-E.css"/></head><body><main>Land for sale · 40 ac · Café</main><script nonce="${nonce}">window.__reactRouterContext = {};</script><script nonce="${nonce}" type="module" async="">${frameworkCode}</script><script nonce="${nonce}">window.__reactRouterContext.streamController.close();</script></body></html>`

describe('framework scripts started after load', () => {
  const deferred = parse(deferFrameworkScripts(page, nonce))

  test('the first view asks for no script: no module preload, no module script', () => {
    expect(deferred.querySelectorAll('link[rel=modulepreload]')).toHaveLength(0)
    expect(deferred.querySelectorAll('script[type=module]')).toHaveLength(0)
    expect(deferred.querySelector('link[rel=stylesheet]')?.getAttribute('href')).toBe('/assets/tailwind-E.css')
    expect(deferred.querySelector('main')?.text).toBe('Land for sale · 40 ac · Café')
  })

  test("the framework's code and preloads are kept whole, and a script starts them once the loaded page has painted", () => {
    const inert = deferred.getElementById(deferredFrameworkScriptId)
    expect(inert?.getAttribute('type')).toBe('text/plain')
    expect(inert?.textContent).toBe(frameworkCode)
    expect(inert?.getAttribute('data-preloads')?.split(' ')).toEqual(['/assets/entry.client-C.js', '/assets/chunk-D.js'])
    const starter = inert?.nextElementSibling
    expect(starter?.tagName).toBe('SCRIPT')
    // It runs under the page's policy; once the first view has been painted (browser-scripts/start-framework-after-first-view.ts).
    expect(starter?.getAttribute('nonce')).toBe(nonce)
    expect(starter?.textContent).toBe(startAfterFirstView)
    // The router's context and its streamed data still run at once, in their order.
    const classicScripts = deferred.querySelectorAll('script:not([type])').map((script) => script.textContent)
    expect(classicScripts[0]).toContain('__reactRouterContext = {}')
    expect(classicScripts.at(-1)).toContain('streamController.close()')
  })

  test('with Low data the framework waits for the first press, key or focus that is not on a link to another page', () => {
    const starter = parse(deferFrameworkScripts(page, nonce, 'interaction')).getElementById(deferredFrameworkScriptId)?.nextElementSibling
    expect(starter?.getAttribute('nonce')).toBe(nonce)
    expect(starter?.textContent).toBe(startAtFirstUse)
  })

  test("given the whole stylesheet's address, the inert script names it for the starter (decision 0042)", () => {
    const withStylesheet = parse(deferFrameworkScripts(page, nonce, 'load', '/assets/tailwind-F.css'))
    expect(withStylesheet.getElementById(deferredFrameworkScriptId)?.getAttribute('data-stylesheet')).toBe('/assets/tailwind-F.css')
    expect(deferred.getElementById(deferredFrameworkScriptId)?.hasAttribute('data-stylesheet')).toBe(false)
  })

  test('a page whose module script is not where React Router writes it is left as it is, and the server says so once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const noScripts = '<html><head><link rel="modulepreload" href="/assets/x.js"/></head><body></body></html>'
    expect(deferFrameworkScripts(noScripts, undefined)).toBe(noScripts)
    expect(deferFrameworkScripts(noScripts, undefined)).toBe(noScripts)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]![0]).toContain("React Router's module script was not found")
    warn.mockRestore()
  })
})

/** A document with what the starter touches: the inert script, the head, and elements it makes. */
function fakeDocument(dataset: Record<string, string>) {
  const head: Record<string, unknown>[] = []
  const after: Record<string, unknown>[] = []
  const inert = { dataset, textContent: frameworkCode, after: (element: Record<string, unknown>) => after.push(element) }
  const document = {
    head: { appendChild: (element: Record<string, unknown>) => head.push(element) },
    getElementById: (id: string) => (id === deferredFrameworkScriptId ? inert : null),
    createElement: (tagName: string) => ({ tagName }),
  }
  vi.stubGlobal('document', document)
  return { head, after }
}

describe('the starter (browser-scripts/framework-starter.ts)', () => {
  afterEach(() => vi.unstubAllGlobals())

  test('adds the preloads back and runs the module script, each with its own nonce', () => {
    const { head, after } = fakeDocument({ preloads: '/assets/entry.client-C.js /assets/chunk-D.js' })
    startFramework(nonce)
    expect(head).toEqual([
      { tagName: 'link', rel: 'modulepreload', href: '/assets/entry.client-C.js', nonce },
      { tagName: 'link', rel: 'modulepreload', href: '/assets/chunk-D.js', nonce },
    ])
    expect(after).toEqual([{ tagName: 'script', type: 'module', nonce, textContent: frameworkCode }])
  })

  test('links the whole stylesheet first, and runs the framework once it has loaded or failed (decision 0042)', () => {
    const { head, after } = fakeDocument({ preloads: '/assets/entry.client-C.js', stylesheet: '/assets/tailwind-F.css' })
    startFramework(nonce)
    const stylesheet = head.find((element) => element.rel === 'stylesheet') as { href: string; onload: () => void; onerror: () => void }
    expect(stylesheet.href).toBe('/assets/tailwind-F.css')
    expect(after).toEqual([])
    stylesheet.onerror()
    expect(after).toEqual([{ tagName: 'script', type: 'module', nonce, textContent: frameworkCode }])
  })
})
