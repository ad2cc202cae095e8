import { expect, test } from '@playwright/test'
import { siteUrl, waitForHydration } from './support'

const titleSentence = 'hunting land in Brewster County TX under 250000 with water'
const titleSearch = '/search/texas-land-for-sale/brewster-county/hunting-land-for-sale/price-under-250000/'

test('a buyer types the sentence on the home page, sees what was understood as chips and removes one', async ({ page }) => {
  await page.goto(siteUrl('land'))
  const box = page.getByRole('combobox', { name: 'Location or property ID' })
  await box.fill(titleSentence)
  await box.press('Enter')
  await expect(page).toHaveURL(siteUrl('land', `${titleSearch}?keywords=water`))
  await expect(page.getByRole('list', { name: 'Chosen locations' })).toContainText('Brewster County')
  const chips = page.getByRole('list', { name: 'Chosen filters' }).getByRole('listitem')
  await expect(chips).toHaveText(['Hunting Land×', 'Under $250,000×', '“water”×'])

  await page.getByRole('link', { name: 'Remove “water”' }).click()
  await expect(page).toHaveURL(siteUrl('land', titleSearch))
  await expect(page.getByRole('list', { name: 'Chosen filters' }).getByRole('listitem')).toHaveText(['Hunting Land×', 'Under $250,000×'])
})

test('while typing, the first suggestion is what the sentence means, and choosing it searches', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'suggestions as you type need JavaScript')
  await page.goto(siteUrl('land'))
  await waitForHydration(page)
  const box = page.getByRole('combobox', { name: 'Location or property ID' })
  await box.pressSequentially('hunting land in Brewster County TX under $250k')
  const first = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()
  await expect(first).toHaveText('Hunting Land in Brewster County, TX under $250,000')
  await first.click()
  await expect(page).toHaveURL(siteUrl('land', titleSearch))
  await expect(page.getByRole('list', { name: 'Chosen filters' }).getByRole('listitem')).toHaveText(['Hunting Land×', 'Under $250,000×'])
})
