import { expect, test } from '@playwright/test'
import { siteUrl } from './support'

/**
 * AcreWorth's land value pages (issue 16 §5), with JavaScript on and off: from the country to a
 * state to a region, by links. A county with too few sales to be indexed is named without a link
 * (decision 0062): in the test data, every Texas county.
 */
test('a visitor goes from the land values of the country to Texas and on to Central Texas', async ({ page }) => {
  const year = new Date().getUTCFullYear()
  await page.goto(siteUrl('value', '/land-values/'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`US Land Values ${year}`)
  await page
    .getByRole('region', { name: 'Land values by state: sales, and sold and asking prices per acre' })
    .getByRole('link', { name: 'Texas', exact: true })
    .click()
  await expect(page).toHaveURL(siteUrl('value', '/land-values/texas/'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Texas Land Values ${year}`)
  await expect(page.getByRole('img', { name: /Median price per acre of land sold, by quarter/ })).toBeVisible()
  await expect(page.getByRole('rowheader', { name: 'Travis County', exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Travis County', exact: true })).toHaveCount(0)
  await page.getByRole('link', { name: 'Central Texas', exact: true }).click()
  await expect(page).toHaveURL(siteUrl('value', '/land-values/texas/central-texas-region/'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Central Texas Land Values ${year}`)
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link')).toHaveText(['United States', 'Texas', 'Central Texas'])
  await expect(page.getByRole('link', { name: 'Land for sale in Central Texas', exact: true })).toHaveAttribute(
    'href',
    /^http:\/\/land\.localhost:\d+\/search\/texas-land-for-sale\/central-texas-region\/$/,
  )
})

test('the figures behind the chart open in a table, without a script', async ({ page }) => {
  await page.goto(siteUrl('value', '/land-values/texas/'))
  await page.getByText('The figures as a table').click()
  const table = page.getByRole('table', { name: /Median price per acre of land sold, by quarter/ })
  await expect(table.getByRole('columnheader')).toHaveText(['Quarter', 'Texas', 'United States'])
  await expect(table.getByRole('row').nth(1).getByRole('rowheader')).toHaveText(/^\d{4} Q[1-4]$/)
})
