import { expect, test } from '@playwright/test'
import { siteUrl } from './support'

const walks = [
  { site: 'land', home: '/sitemap/', state: /\/sitemap\/Texas$/, county: 'a[href^="/sitemap/"][href$="-County-TX"]', listing: 'main a[href^="/property/"]' },
  { site: 'hunting', home: '/sitemap', state: /\/sitemap\/texas$/, county: 'a[href^="/sitemap/"][href$="-county-tx"]', listing: 'main a[href*="/pid/"]' },
] as const

for (const walk of walks) {
  test(`on the ${walk.site} site the sitemap leads from the states to a county to a listing`, async ({ page }) => {
    await page.goto(siteUrl(walk.site, walk.home))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sitemap')
    await page.getByRole('link', { name: 'Texas', exact: true }).click()
    await expect(page).toHaveURL(walk.state)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Texas Listings by County')

    const county = page.locator(walk.county).first()
    const countyName = (await county.textContent())!.trim()
    await county.click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${countyName}, TX Listings`)
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Texas' })).toBeVisible()

    const listing = page.locator(walk.listing).first()
    const title = (await listing.textContent())!.trim()
    await listing.click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  })
}
