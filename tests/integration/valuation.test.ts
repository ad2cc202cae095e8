import { describe, expect, test } from 'vitest'
import { decodeEntities, metaContent, productionPages } from '../support/http'

/** AcreWorth's valuation without JavaScript (issue 16 §1–2, first part): the form's answers and the valuation page. */
const { fetchPage } = productionPages()
const host = 'value.localhost'
const get = (path: string, pageHost = host) => fetchPage(pageHost, path, { redirect: 'manual' })
const text = async (response: Response) =>
  decodeEntities(await response.text())
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')

describe('the valuation form', () => {
  test("is on AcreWorth's home page, a GET to /value/ that works without scripts", async () => {
    const html = await (await get('/')).text()
    expect(html).toMatch(/<form [^>]*action="\/value\/" method="get"/)
    expect(html).toContain('>Value my land<')
  })

  test('sends good inputs to the valuation’s own address', async () => {
    const response = await get('/value/?state=texas&county=Travis&acres=40&types=recreational-land&beds=3&baths=2&latitude=30.2672&longitude=-97.7431')
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/value/texas/travis-county/40-acres/recreational-land/house-3-bed-2-bath/lat30.2672/long-97.7431/')
  })

  test('answers impossible inputs in words, keeping what was typed', async () => {
    const zero = await get('/value/?state=texas&county=Travis&acres=0')
    expect(zero.status).toBe(400)
    const zeroText = await text(zero)
    expect(zeroText).toContain('This value must be at least 0.01.')
    const outside = await text(await get('/value/?state=texas&county=Travis&acres=40&latitude=30.05&longitude=-98'))
    expect(outside).toContain('This point is not in Travis County, TX: move it onto the land, or choose the county it is in.')
    expect(await text(await get('/value/?state=texas&county=Atlantis&acres=40'))).toContain('There is no county of that name in this state.')
    expect(await text(await get('/value/?county=Travis&acres=40'))).toContain('This field is required.')
  })
})

describe('a valuation', () => {
  test('shows the estimate, its range, its confidence and the sales it rests on, and is not indexed', async () => {
    const response = await get('/value/texas/travis-county/40-acres/recreational-land/lat30.2672/long-97.7431/')
    expect(response.status).toBe(200)
    const html = decodeEntities(await response.text())
    expect(metaContent(html, 'robots')).toContain('noindex')
    const page = await text(new Response(html))
    expect(page).toMatch(/Estimated value \$[\d,]+ \$[\d,]+ an acre · 80 % range \$[\d,]+ to \$[\d,]+/)
    expect(page).toMatch(/(High|Medium|Low) confidence/)
    expect(page).toMatch(/The \d+ sales it rests on/)
  })

  test('another spelling, an unknown county, or another site is a 404', async () => {
    expect((await get('/value/texas/travis-county/40.00-acres/')).status).toBe(404)
    expect((await get('/value/texas/atlantis-county/40-acres/')).status).toBe(404)
    expect((await get('/value/texas/travis-county/40-acres/', 'land.localhost')).status).toBe(404)
  })
})
