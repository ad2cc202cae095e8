import { expect, test } from '@playwright/test'
import { siteUrl } from './support'

/** AcreWorth (issue 16, first part), with JavaScript on and off: a Travis County, TX parcel valued from the home page. */
test('an owner values a Travis County parcel from the home page, after correcting the acres', async ({ page }) => {
  await page.goto(siteUrl('value'))
  await page.getByLabel('State', { exact: true }).selectOption('texas')
  await page.getByLabel('County', { exact: true }).fill('Travis')
  await page.getByLabel('Acres', { exact: true }).fill('0')
  await page.getByRole('checkbox', { name: 'Recreational Land' }).check()
  await page.getByRole('button', { name: 'Value my land' }).click()
  await expect(page.getByText('This value must be at least 0.01.')).toBeVisible()
  await expect(page.getByLabel('County', { exact: true })).toHaveValue('Travis')
  await page.getByLabel('Acres', { exact: true }).fill('40')
  await page.getByRole('button', { name: 'Value my land' }).click()
  await expect(page).toHaveURL(siteUrl('value', '/value/texas/travis-county/40-acres/recreational-land/'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('40 acres in Travis County, Texas')
  await expect(page.getByText(/80 % range \$[\d,]+ to \$[\d,]+/)).toBeVisible()
  await expect(page.getByRole('region', { name: 'Comparable sales' }).getByRole('row')).not.toHaveCount(0)
})
