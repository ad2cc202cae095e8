import { parse } from 'node-html-parser'
import { expect, test } from 'vitest'
import { deferredFrameworkScriptId } from '~/document/deferred-framework-id'
import { type DocumentPage, type DocumentTransform, finishDocument } from '~/document/pipeline.server'
import { inlineStylesheetId } from '~/document/inline-stylesheet'
import { sites } from '~/sites/index'

const page: DocumentPage = { site: sites.land, nonce: 'bm9uY2U', isLowData: false }

test('the transforms run in their order, each on the page as the one before left it, awaited when they are async', async () => {
  const transforms: DocumentTransform[] = [(html) => `${html}a`, async (html) => `${html}b`, (html, { site }) => `${html}${site.key}`]
  expect(await finishDocument('', page, transforms)).toBe('abland')
})

// The stylesheet's cut needs the built stylesheet, which unit tests do not load: page-stylesheet.test.ts and first-view.test.ts test it.
test("a rendered page comes out with its framework deferred and the data layer last in its body, under the page's nonce", async () => {
  const rendered =
    `<!DOCTYPE html><html><head><style id="${inlineStylesheetId}" nonce="${page.nonce}"></style>` +
    `<link rel="modulepreload" href="/assets/entry.client-C.js" nonce="${page.nonce}"/></head>` +
    `<body><main class="font-bold">Land for sale</main><script nonce="${page.nonce}" type="module" async="">import("/assets/entry.client-C.js");</script></body></html>`
  const document = parse(await finishDocument(rendered, page))
  expect(document.querySelectorAll('script[type=module], link[rel=modulepreload]')).toHaveLength(0)
  expect(document.getElementById(deferredFrameworkScriptId)?.getAttribute('data-preloads')).toBe('/assets/entry.client-C.js')
  const lastScript = document.querySelector('body')?.lastElementChild
  expect(lastScript?.getAttribute('data-src')).toMatch(/^\/data-layer\/[0-9a-f]{12}\.js$/)
  expect(lastScript?.getAttribute('nonce')).toBe(page.nonce)
})
