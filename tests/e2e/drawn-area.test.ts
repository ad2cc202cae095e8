import { expect, test } from '@playwright/test'
import { type AreaVertex, decodeArea } from '~/models/search/drawn-area'
import { normalizeCriteria } from '~/models/search/search-criteria'
import { sites } from '~/sites/index'
import { buildSearchPath } from '~/models/search/search-path'
import { isInsideArea } from '../support/ray-casting'
import { openTestDatabase } from '../support/test-database'
import { cardListingIds, siteUrl } from './support'

test.use({ viewport: { width: 1280, height: 800 } })

const texas = '/search/texas-land-for-sale/'

/** The active Texas listings inside an area. */
function texasListingsInside(area: readonly AreaVertex[]) {
  const rows = openTestDatabase().prepare('select id, latitude, longitude from listings where status in (1, 2) and state_id = 48').all() as {
    id: number
    latitude: number
    longitude: number
  }[]
  return rows.filter((row) => isInsideArea(area, row.latitude, row.longitude)).map((row) => row.id)
}

test('with scripts: drawing a triangle on the map searches the listings inside it', async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'drawing needs the interactive map')
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(String(error)))
  await page.goto(siteUrl('land', `${texas}?view=map`))
  const canvas = page.locator('canvas.maplibregl-canvas')
  await expect(canvas).toBeVisible({ timeout: 20_000 })

  await page.getByRole('button', { name: 'Draw an area' }).click()
  const drawing = page.getByRole('form', { name: 'Draw an area' })
  await expect(drawing.getByRole('button', { name: 'Search this area' })).toBeDisabled()
  const box = (await canvas.boundingBox())!
  for (const [x, y] of [
    [0.2, 0.75],
    [0.8, 0.75],
    [0.5, 0.2],
  ] as const) {
    await page.mouse.click(box.x + box.width * x, box.y + box.height * y)
  }
  await expect(drawing.getByText('3 corners. Add more, or search this area.')).toBeVisible()
  await drawing.getByRole('button', { name: 'Search this area' }).click()
  await expect(page).toHaveURL(/\/search\/texas-land-for-sale\/map-[-\d._]+\/polygon-[a-z2-7]+\/\?view=map$/)

  const area = decodeArea(page.url().match(/polygon-([a-z2-7]+)/)![1]!)!
  const inside = texasListingsInside(area)
  expect(inside.length).toBeGreaterThan(0)
  await expect(page.getByText(`${inside.length.toLocaleString('en-US')} results`)).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Land for Sale in a Drawn Area of Texas')
  await expect(page.getByRole('list', { name: 'Chosen locations' }).getByRole('link', { name: 'Remove Drawn area' })).toBeVisible()
  const ids = await cardListingIds(page)
  expect(ids.length).toBe(Math.min(25, inside.length))
  for (const id of ids) expect(inside).toContain(id)
  // The page's own map stayed, and draws again on demand.
  await expect(page.locator('canvas.maplibregl-canvas')).toHaveCount(1)
  await expect(page.getByRole('button', { name: 'Draw an area' })).toBeVisible()
  expect(errors).toEqual([])
})

test('with scripts: Escape or Cancel stops drawing, and a corner can be added by keyboard', async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'drawing needs the interactive map')
  await page.goto(siteUrl('land', `${texas}?view=map`))
  await expect(page.locator('canvas.maplibregl-canvas')).toBeVisible({ timeout: 20_000 })
  const drawButton = page.getByRole('button', { name: 'Draw an area' })
  await drawButton.focus()
  await page.keyboard.press('Enter')
  const drawing = page.getByRole('form', { name: 'Draw an area' })
  // The focus moves into the drawing tools: the first adds the map's centre as a corner.
  await expect(drawing.getByRole('button', { name: 'Add the centre as a corner' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(drawing.getByText('Click the map to add corners (1 of at least 3).')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(drawing).toBeHidden()
  await expect(drawButton).toBeFocused()

  await drawButton.click()
  await drawing.getByRole('button', { name: 'Cancel' }).click()
  await expect(drawing).toBeHidden()
  await expect(page).toHaveURL(siteUrl('land', `${texas}?view=map`))
})

test('without scripts: a drawn area’s URL shows its results and its tag, which removes it', async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, 'the server-rendered page; the js-on project draws')
  const triangle: AreaVertex[] = [
    [26, -106.5],
    [26, -93.5],
    [36.5, -100],
  ]
  await page.goto(siteUrl('land', buildSearchPath(sites.land, normalizeCriteria({ state: 'texas', mapPolygon: triangle }))))
  const inside = texasListingsInside(triangle)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Land for Sale in a Drawn Area of Texas')
  await expect(page.getByText(`${inside.length.toLocaleString('en-US')} results`)).toBeVisible()
  for (const id of await cardListingIds(page)) expect(inside).toContain(id)

  await page.getByRole('list', { name: 'Chosen locations' }).getByRole('link', { name: 'Remove Drawn area' }).click()
  await expect(page).toHaveURL(siteUrl('land', texas))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Texas Land for Sale')
})
