import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import { e2ePort } from '../../playwright.config'
import { contactableListing } from '../support/test-database'
import { holdScripts, layoutShiftsOf, recordLayoutShifts, siteUrl, waitForHydration } from './support'

/**
 * Slow links (issue 20 item 5): a request that takes over ten seconds says so, and a modal's code
 * arriving late does not disturb the modal a visitor already opened and is typing in.
 */
test('a navigation taking over ten seconds shows a polite notice, gone once the page arrives', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'without scripts the browser shows its own loading indicator')
  await page.goto(siteUrl('land', '/'))
  await waitForHydration(page)
  await page.clock.install()
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  let dataRequested = () => {}
  const requested = new Promise<void>((resolve) => (dataRequested = resolve))
  await page.route('**/*.data*', async (route) => {
    dataRequested()
    await held
    await route.continue()
  })
  const notice = page.getByText('Still loading — your connection is slow.')
  await page.locator('#main a[href^="/search/"]').first().click()
  // The page's clock runs on only once the navigation is under way (its route's code may still be on its way on a busy machine).
  await requested
  await page.clock.runFor(9_000)
  await expect(notice).toBeHidden()
  await page.clock.runFor(1_500)
  await expect(notice).toBeVisible()
  release()
  await expect(page).toHaveURL(/\/search\//)
  await expect(notice).toBeHidden()
})

test('a modal opened and typed in before its code arrives stays open, with the text and the focus where they were', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'no code arrives without scripts')
  const release = await holdScripts(page)
  await page.goto(siteUrl('land', contactableListing(33).path), { waitUntil: 'commit' })
  await page.getByRole('complementary', { name: 'Seller' }).getByRole('link', { name: 'Contact Seller' }).click()
  const dialog = page.getByRole('dialog', { name: /^Contact / })
  await dialog.getByLabel('Full name').fill('Pat Buyer')
  await dialog.getByLabel('Message').fill('Typed while the page’s code was on its way.')
  release()
  await waitForHydration(page)
  // The modal's own script is there once Escape closes it; until then it is as the visitor left it.
  await expect(dialog.getByLabel('Message')).toBeFocused()
  await expect(dialog.getByLabel('Message')).toHaveValue('Typed while the page’s code was on its way.')
  await expect(dialog.getByLabel('Full name')).toHaveValue('Pat Buyer')
  await expect(async () => {
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden({ timeout: 500 })
  }).toPass()
})

test('a modal opened after hydration but before its own code arrives shows at once, and keeps what was typed when the code comes', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'without scripts nothing hydrates: the modal is CSS :target alone (listing-forms.test.ts)')
  const release = await holdScripts(page, '**/listing-forms-*.js')
  await page.goto(siteUrl('land', contactableListing(34).path))
  await waitForHydration(page)
  await page.getByRole('complementary', { name: 'Seller' }).getByRole('link', { name: 'Contact Seller' }).click()
  const dialog = page.getByRole('dialog', { name: /^Contact / })
  await expect(dialog).toBeVisible({ timeout: 1_000 })
  await dialog.getByLabel('Full name').fill('Pat Buyer', { timeout: 1_000 })
  await dialog.getByLabel('Message').fill('Typed while the form’s code was on its way.', { timeout: 1_000 })
  release()
  await expect(async () => {
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden({ timeout: 500 })
  }).toPass()
  await page.getByRole('complementary', { name: 'Seller' }).getByRole('link', { name: 'Contact Seller' }).click()
  await expect(dialog.getByLabel('Full name')).toHaveValue('Pat Buyer')
  await expect(dialog.getByLabel('Message')).toHaveValue('Typed while the form’s code was on its way.')
})

test('on a rural link the page arrives in pieces and nothing moves as it comes: the header paints whole (CLS 0)', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'the layout-shift observer is a script')
  await recordLayoutShifts(page)
  // 400 Kbps, issue 20's rural profile: a 35 KB document takes most of a second, and the browser paints what has come.
  const network = await page.context().newCDPSession(page)
  await network.send('Network.enable')
  await network.send('Network.emulateNetworkConditions', { offline: false, latency: 100, downloadThroughput: 50_000, uploadThroughput: 50_000 })
  for (const path of ['/', '/search/texas-land-for-sale/']) {
    await page.goto(siteUrl('land', path), { waitUntil: 'domcontentloaded' })
    expect(await layoutShiftsOf(page), path).toEqual([])
  }
})

/**
 * A proxy to the land site that sends the document at `path` in two parts: up to `cutOf(page)`, a
 * place in the first result card, then, once the test calls `sendRest`, the rest. Everything else
 * passes through. This is where a slow link can cut a page; the rural test above meets it only by chance.
 */
async function proxyCuttingTheFirstCard(path: string, cutOf: (page: string) => number) {
  let sendRest = () => {}
  const restSent = new Promise<void>((resolve) => (sendRest = resolve))
  const proxy = http.createServer((request, response) => {
    const headers = { ...request.headers, host: `land.localhost:${e2ePort}` }
    const isDocument = request.url === path
    if (isDocument) headers['accept-encoding'] = 'identity'
    const upstream = http.request({ host: '127.0.0.1', port: e2ePort, path: request.url, method: request.method, headers }, async (answer) => {
      if (!isDocument) {
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
        return
      }
      const chunks: Buffer[] = []
      for await (const chunk of answer) chunks.push(chunk as Buffer)
      const page = Buffer.concat(chunks).toString('utf8')
      const cut = cutOf(page)
      const { 'content-length': _length, ...rest } = answer.headers
      response.writeHead(answer.statusCode ?? 502, rest)
      response.write(page.slice(0, cut))
      await restSent
      response.end(page.slice(cut))
    })
    request.pipe(upstream)
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const { port } = proxy.address() as AddressInfo
  return { url: `http://land.localhost:${port}${path}`, sendRest, close: () => proxy.close() }
}

/** Just after `tag` (its opening tag, or a closing tag) in the first result card. */
const justAfter = (tag: string) => (page: string) => {
  const card = page.indexOf('<article')
  const start = page.indexOf(tag, card)
  return tag.startsWith('</') ? start + tag.length : page.indexOf('>', start) + 1
}

const cuts = [
  { where: 'before its price has come', cutOf: justAfter('</h3>') },
  { where: 'with half its price', cutOf: (page: string) => page.indexOf('</p>', justAfter('class="card-price"')(page)) + '</p>'.length },
  { where: "before its photo count's number has come", cutOf: justAfter('class="card-photo-count"') },
]

test.describe('a result card painted in part does not move when the rest comes', () => {
  for (const { where, cutOf } of cuts) {
    test(where, async ({ page }, testInfo) => {
      test.skip(testInfo.project.name === 'js-off', 'the layout-shift observer is a script')
      await recordLayoutShifts(page)
      const proxy = await proxyCuttingTheFirstCard('/search/texas-land-for-sale/', cutOf)
      try {
        await page.goto(proxy.url, { waitUntil: 'commit' })
        await page.locator('article').first().waitFor({ state: 'attached' })
        // Two frames: the part that has come is painted.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
        proxy.sendRest()
        await page.waitForLoadState('domcontentloaded')
        await expect(page.locator('article .card-title').first()).toBeVisible()
        await expect(page.locator('article .card-price').first()).toBeVisible()
        expect(await layoutShiftsOf(page)).toEqual([])
      } finally {
        proxy.close()
      }
    })
  }
})
