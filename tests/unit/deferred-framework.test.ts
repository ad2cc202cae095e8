import { parse } from 'node-html-parser'
import { describe, expect, test, vi } from 'vitest'
import { afterFirstViewFunction } from '~/document/after-first-view'
import { deferFrameworkScripts, deferredFrameworkScriptId } from '~/document/deferred-framework.server'

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
    // It runs under the page's policy, and hands its nonce to the links and the module script it adds.
    expect(starter?.getAttribute('nonce')).toBe(nonce)
    expect(starter?.textContent).toMatch(/^var n=document\.currentScript\.nonce;/)
    // Once the first view has been painted (after load and the page's largest paint), so the framework never competes with it.
    expect(starter?.textContent).toMatch(/afterFirstView\(start\)$/)
    expect(starter?.textContent).toContain(afterFirstViewFunction)
    expect(starter?.textContent).toContain('l.nonce=n')
    expect(starter?.textContent).toContain('s.nonce=n')
    // The router's context and its streamed data still run at once, in their order.
    const classicScripts = deferred.querySelectorAll('script:not([type])').map((script) => script.textContent)
    expect(classicScripts[0]).toContain('__reactRouterContext = {}')
    expect(classicScripts.at(-1)).toContain('streamController.close()')
  })

  test('with Low data the framework waits for the first press, key or focus that is not on a link to another page', () => {
    const starter = parse(deferFrameworkScripts(page, nonce, 'interaction')).getElementById(deferredFrameworkScriptId)?.nextElementSibling
    expect(starter?.getAttribute('nonce')).toBe(nonce)
    expect(starter?.textContent).not.toContain('"load"')
    expect(starter?.textContent).toContain('["pointerdown","keydown","focusin"]')
    expect(starter?.textContent).toContain('closest("a[href]")')
  })

  test("given the whole stylesheet's address, the starter links it and runs the framework once it has loaded or failed (decision 0042)", () => {
    const withStylesheet = parse(deferFrameworkScripts(page, nonce, 'load', '/assets/tailwind-F.css'))
    const inert = withStylesheet.getElementById(deferredFrameworkScriptId)
    expect(inert?.getAttribute('data-stylesheet')).toBe('/assets/tailwind-F.css')
    expect(inert?.nextElementSibling?.textContent).toContain('c.rel="stylesheet";c.href=h.dataset.stylesheet;c.onload=c.onerror=run')
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
