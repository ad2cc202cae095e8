import { expect, test } from '@playwright/test'
import { countWhere, openTestDatabase } from '../support/test-database'
import { cardListingIds, siteUrl, waitForHydration } from './support'

test.use({ viewport: { width: 1280, height: 800 } })

const texas = '/search/texas-land-for-sale/'

test('without scripts: the toggle leads to the map, a point to its listing, and pages keep the map view', async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, 'the script-less map; the js-on project tests the interactive one')
  await page.goto(siteUrl('land', texas))
  await page.getByRole('navigation', { name: 'Results view' }).getByRole('link', { name: 'Map' }).click()
  await expect(page).toHaveURL(siteUrl('land', `${texas}?view=map`))
  const map = page.getByRole('group', { name: 'Map of the results on this page' })
  await expect(map.getByRole('link')).toHaveCount(25)
  // The sort control is the list view's (spec §2).
  await expect(page.getByLabel('Sort by')).toBeHidden()

  const firstPoint = map.getByRole('link', { name: /^1\. / })
  const listingHref = await firstPoint.getAttribute('href')
  await firstPoint.click()
  await expect(page).toHaveURL(siteUrl('land', listingHref!))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  await page.goBack()
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(siteUrl('land', `${texas}page-2/?view=map`))
  await expect(page.getByRole('group', { name: 'Map of the results on this page' }).getByRole('link')).toHaveCount(
    Math.min(25, countWhere(openTestDatabase(), 'state_id = 48') - 25),
  )

  await page.getByRole('navigation', { name: 'Zoom the map' }).getByRole('link', { name: 'Zoom in: south-east' }).click()
  await expect(page).toHaveURL(/\/search\/texas-land-for-sale\/map-[-\d._]+\/\?view=map$/)
  await page.getByRole('navigation', { name: 'Results view' }).getByRole('link', { name: 'List' }).click()
  await expect(page).toHaveURL(/\/search\/texas-land-for-sale\/map-[-\d._]+\/$/)
  await expect(page.getByLabel('Sort by')).toBeVisible()
})

test('without scripts: the state map filter leads to a state search', async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, 'one project is enough for plain links')
  await page.goto(siteUrl('land', '/search/all-land/'))
  const stateMap = page.getByRole('group', { name: 'Choose a state' })
  // Every state but the District, which has no land for sale in the test data (decision 0062).
  await expect(stateMap.getByRole('link')).toHaveCount(50)
  await stateMap.getByRole('link', { name: 'Montana Land For Sale' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(siteUrl('land', '/search/montana-land-for-sale/'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Montana Land for Sale')
})

test("the home's state map draws every state from outlines in the page, without fetching the outlines' file", async ({ page, javaScriptEnabled }) => {
  const shapeFiles: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/map-shapes/')) shapeFiles.push(new URL(request.url()).pathname)
  })
  const texasWidth = () =>
    page
      .getByRole('group', { name: 'Land for sale by state' })
      .getByRole('link', { name: 'Texas Land For Sale' })
      .evaluate((link) => link.getBoundingClientRect().width)
  await page.goto(siteUrl('land'))
  await expect.poll(texasWidth).toBeGreaterThan(50)
  // Hydration keeps the outlines the page came with.
  if (javaScriptEnabled) await waitForHydration(page)
  await page.waitForLoadState('networkidle')
  expect(await texasWidth()).toBeGreaterThan(50)
  expect(shapeFiles).toEqual([])
})

test('with scripts: maplibre draws the map, and moving it then "Search this area" searches the area shown', async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'the interactive map needs scripts')
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(String(error)))
  await page.goto(siteUrl('land', `${texas}?view=map`))
  const canvas = page.locator('canvas.maplibregl-canvas')
  await expect(canvas).toBeVisible({ timeout: 20_000 })
  // The server's map steps aside once the interactive one has drawn.
  await expect(page.getByRole('group', { name: 'Map of the results on this page' })).toBeHidden()

  // Drag the map from its top-left quarter towards the south-east: the area shown moves north-west.
  const box = (await canvas.boundingBox())!
  const start = { x: box.x + box.width / 4, y: box.y + box.height / 4 }
  await page.mouse.move(start.x, start.y)
  await page.mouse.down()
  for (let step = 1; step <= 10; step++) await page.mouse.move(start.x + step * 18, start.y + step * 12)
  await page.mouse.up()
  await page.getByRole('button', { name: 'Search this area' }).click()
  await expect(page).toHaveURL(/\/search\/texas-land-for-sale\/map-[-\d._]+\/\?view=map$/)

  const [south, west, north, east] = page
    .url()
    .match(/map-([-\d.]+)_([-\d.]+)_([-\d.]+)_([-\d.]+)/)!
    .slice(1)
    .map(Number) as [number, number, number, number]
  const db = openTestDatabase()
  const inside = `state_id = 48 and latitude between ${south} and ${north} and longitude between ${west} and ${east}`
  await expect(page.getByText(`${countWhere(db, inside).toLocaleString('en-US')} results`)).toBeVisible()
  const ids = await cardListingIds(page)
  for (const id of ids) {
    const { latitude, longitude } = db.prepare('select latitude, longitude from listings where id = ?').get(id) as { latitude: number; longitude: number }
    expect(latitude).toBeGreaterThanOrEqual(south)
    expect(latitude).toBeLessThanOrEqual(north)
    expect(longitude).toBeGreaterThanOrEqual(west)
    expect(longitude).toBeLessThanOrEqual(east)
  }
  // The map stayed: no second maplibre, and Back returns to the search before the move.
  await expect(page.locator('canvas.maplibregl-canvas')).toHaveCount(1)
  await page.goBack()
  await expect(page).toHaveURL(siteUrl('land', `${texas}?view=map`))
  expect(errors).toEqual([])
})

test('with scripts: the page’s results are numbered links on the interactive map, in order, for keyboard and mouse', async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'the interactive map needs scripts')
  await page.goto(siteUrl('land', `${texas}?view=map`))
  await expect(page.locator('canvas.maplibregl-canvas')).toBeVisible({ timeout: 20_000 })
  const mapLinks = page.getByRole('region', { name: 'Map' }).getByRole('link', { name: /^\d+\. / })
  await expect(mapLinks).toHaveCount(25)
  const cardHrefs = await page
    .getByRole('region', { name: 'Results' })
    .locator('article h3 a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
  expect(await mapLinks.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(cardHrefs)

  // Tab goes from one number to the next; Enter opens the listing.
  await mapLinks.first().focus()
  await page.keyboard.press('Tab')
  await expect(mapLinks.nth(1)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(siteUrl('land', cardHrefs[1]!))

  // Back on the map, the next page's numbers replace this page's.
  await page.goBack()
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(siteUrl('land', `${texas}page-2/?view=map`))
  const nextCardHrefs = await page
    .getByRole('region', { name: 'Results' })
    .locator('article h3 a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
  await expect(mapLinks.first()).toHaveAttribute('href', nextCardHrefs[0]!)
  await expect(mapLinks).toHaveCount(nextCardHrefs.length)
})

test('with scripts below the list/map breakpoint the map view is the list, and maplibre never loads', async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'what loads depends on scripts')
  await page.setViewportSize({ width: 800, height: 900 })
  const mapRequests: string[] = []
  page.on('request', (request) => {
    if (/search-map\.client|map-points|map-shapes/.test(request.url())) mapRequests.push(request.url())
  })
  await page.goto(siteUrl('land', `${texas}?view=map`))
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('navigation', { name: 'Results view' })).toBeHidden()
  await expect(page.getByRole('region', { name: 'Results' }).locator('article')).toHaveCount(25)
  await expect(page.getByRole('region', { name: 'Map' })).toBeHidden()
  expect(mapRequests).toEqual([])
})
