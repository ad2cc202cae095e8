import { expect, test } from '@playwright/test'
import { siteUrl } from './support'

const homes = [
  { key: 'land', name: 'LandAtlas', placeholder: 'Enter a State, County, City, or ID' },
  { key: 'farm', name: 'Farm & Ranch Finder', placeholder: 'Enter a City, County, State, or ID' },
  { key: 'hunting', name: 'Wild Acres', placeholder: 'Enter a City, County, State, or ID' },
  { key: 'value', name: 'AcreWorth', placeholder: null },
] as const

for (const home of homes) {
  test(`the ${home.key} home page shows its own name, search box and hero photo`, async ({ page }) => {
    const response = await page.goto(siteUrl(home.key))
    expect(response?.status()).toBe(200)
    await expect(page).toHaveTitle(new RegExp(`^${home.name.replace('&', '\\&')}`))
    await expect(page.getByRole('link', { name: `${home.name} home` })).toBeVisible()
    const searchBox = page.getByRole('combobox', { name: 'Location or property ID' })
    if (home.placeholder) {
      await expect(searchBox).toHaveAttribute('placeholder', home.placeholder)
      await expect(page.getByRole('button', { name: 'Search' })).toBeVisible()
    } else {
      await expect(searchBox).toHaveCount(0)
    }
    const heroLoaded = await page
      .locator('main img')
      .first()
      .evaluate(async (image: HTMLImageElement) => {
        await image.decode()
        return image.naturalWidth
      })
    expect(heroLoaded).toBeGreaterThan(0)
  })
}

test('the four sites look different at a glance: header colour and font', async ({ page }) => {
  const looks = new Set<string>()
  for (const home of homes) {
    await page.goto(siteUrl(home.key))
    const look = await page
      .locator('header')
      .first()
      .evaluate((header) => {
        const style = getComputedStyle(header)
        return `${style.backgroundColor}|${getComputedStyle(document.body).fontFamily}`
      })
    looks.add(look)
  }
  expect(looks.size).toBe(homes.length)
})

test('an unknown page shows the site-specific not-found text with status 404', async ({ page }) => {
  const landResponse = await page.goto(siteUrl('land', '/this/does/not/exist'))
  expect(landResponse?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("You went off the grid! Let's get you back on the map")
  const farmResponse = await page.goto(siteUrl('farm', '/this/does/not/exist'))
  expect(farmResponse?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find this page")
  await page.getByRole('link', { name: 'Go to the home page' }).click()
  await expect(page).toHaveURL(siteUrl('farm'))
})
