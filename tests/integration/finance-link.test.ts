import { describe, expect, test } from 'vitest'
import { decodeEntities, productionPages } from '../support/http'

/** Spec §2: 'Finance' shows only where the page's place has a finance center for the site, and goes to /financing?fcid=. */
const { fetchPage, db } = productionPages()

function lenderOf(locationType: number, locationId: number, siteFlag = 'show_on_lw') {
  const row = db
    .prepare(
      `select finance_centers.id from finance_centers join finance_center_locations on finance_center_locations.finance_center_id = finance_centers.id
       where active = 1 and ${siteFlag} = 1 and location_type = ? and location_id = ?`,
    )
    .get(locationType, locationId) as { id: number } | undefined
  return row?.id
}

async function financeHrefOn(host: string, path: string) {
  const html = await (await fetchPage(host, path)).text()
  const header = html.match(/<header[\s\S]*?<\/header>/)?.[0] ?? ''
  return header.match(/<a[^>]*href="([^"]*)"[^>]*>Finance</)?.[1]?.replace(/&amp;/g, '&')
}

describe('the header’s Finance link', () => {
  // Seeded: a national default lender, one for Texas, one for a Texas region and one for Travis County.
  const travis = db.prepare(`select id, region_id from counties where slug = 'Travis-County-TX'`).get() as { id: number; region_id: number }
  const texasId = 48

  test('a county page names the county’s lender, a state page the state’s, other pages the default lender', async () => {
    const defaultLender = lenderOf(3, 0)
    expect(await financeHrefOn('land.localhost', '/search/texas-land-for-sale/travis-county/')).toBe(`/financing?fcid=${lenderOf(2, travis.id)}`)
    expect(await financeHrefOn('land.localhost', '/Travis-County-TX')).toBe(`/financing?fcid=${lenderOf(2, travis.id)}`)
    expect(await financeHrefOn('land.localhost', '/Texas')).toBe(`/financing?fcid=${lenderOf(0, texasId)}`)
    expect(await financeHrefOn('land.localhost', '/search/texas-land-for-sale/')).toBe(`/financing?fcid=${lenderOf(0, texasId)}`)
    expect(await financeHrefOn('land.localhost', '/')).toBe(`/financing?fcid=${defaultLender}`)
    expect(await financeHrefOn('land.localhost', '/termsofuse/')).toBe(`/financing?fcid=${defaultLender}`)
  })

  test('a listing page names the lender of the listing’s place', async () => {
    const listing = db.prepare(`select id from listings where county_id = ? order by id limit 1`).get(travis.id) as { id: number }
    const response = await fetchPage('land.localhost', `/property/${listing.id}`, { redirect: 'manual' })
    expect(await financeHrefOn('land.localhost', response.headers.get('location')!)).toBe(`/financing?fcid=${lenderOf(2, travis.id)}`)
  })

  test('the valuation site, which has no finance centers, shows no Finance link', async () => {
    const html = decodeEntities(await (await fetchPage('value.localhost', '/')).text())
    expect(html).not.toContain('/financing')
  })
})
