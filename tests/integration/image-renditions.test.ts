import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { sites } from '~/sites/index'
import { listingFlyerPath } from '~/models/listings/listing-media'
import { listingPath } from '~/models/listings/listing-path'
import { decodeEntities, productionPages } from '../support/http'

/**
 * /resizedimages/ renders the pictures the pages ask for and no others, and a client asking for
 * many images nobody asked for before is told to wait (429), while images already rendered still
 * come (issue 33 finding 5).
 */
const { fetchPage, db } = productionPages()

afterEach(() => {
  delete process.env.IMAGE_RENDERS_PER_CLIENT
})

/** A client address of its own for each run: the render counts are kept in the test database for 10 minutes. */
function freshAddress() {
  const run = (Date.now() + Math.floor(Math.random() * 65_536)) % 65_536
  return `198.18.${run >> 8}.${run & 255}`
}

const getImage = (imagePath: string, address: string) => fetchPage('land.localhost', imagePath, { headers: { 'x-forwarded-for': address } })

function listingRows(count: number) {
  return db
    .prepare(
      `select listings.id, listings.acres, listings.image_ids as imageIds, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation
       from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id
       where listings.status = 1 and listings.image_ids is not null and listings.image_ids != '[]' order by listings.id desc limit ?`,
    )
    .all(count) as { id: number; acres: number; imageIds: string; countyName: string; stateAbbreviation: string }[]
}

/** Every /resizedimages/ URL in a page, from src, srcset and href attributes and the head's meta tags. */
function imagePaths(html: string) {
  return [...decodeEntities(html).matchAll(/(?:https?:\/\/[^/"\s]+)?(\/resizedimages\/[^"\s,]+)/g)].map((match) => match[1]!)
}

/** A path's rendition, without its document. */
const renditionOf = (imagePath: string) => imagePath.slice(0, imagePath.lastIndexOf('/'))

test('every picture the home, search, listing and flyer pages ask for is served', async () => {
  const listing = listingRows(1)[0]!
  const pagePath = listingPath(sites.land, listing)
  const pages = ['/', '/Texas', pagePath, listingFlyerPath(listing.id)]
  const byRendition = new Map<string, string>()
  for (const page of pages) {
    const response = await fetchPage('land.localhost', page, { headers: { 'x-forwarded-for': '192.0.2.161' } })
    expect(response.status, page).toBe(200)
    for (const imagePath of imagePaths(await response.text())) byRendition.set(renditionOf(imagePath), imagePath)
  }
  expect(byRendition.size).toBeGreaterThan(10)
  const address = freshAddress()
  for (const imagePath of byRendition.values()) expect((await getImage(imagePath, address)).status, imagePath).toBe(200)
}, 120_000)

describe('a size no page asks for', () => {
  test('answers 404, and nothing is written to the image cache', async () => {
    const [documentId] = JSON.parse(listingRows(1)[0]!.imageIds) as number[]
    const cacheFolder = path.join(process.env.DATA_DIR ?? '.test-data', 'image-cache', String(documentId))
    for (const imagePath of [
      `/resizedimages/401/601/cover/80/1-${documentId}`,
      `/resizedimages/480/720/cover/61/webp/1-${documentId}`,
      `/resizedimages/480/720/cover/60/avif/1-${documentId}`,
      `/resizedimages/2400/2400/fill/100/png/1-${documentId}`,
    ]) {
      expect((await getImage(imagePath, '192.0.2.163')).status, imagePath).toBe(404)
    }
    const cached = fs.existsSync(cacheFolder) ? fs.readdirSync(cacheFolder) : []
    expect(cached.filter((name) => /^(?:401x601|480x720-cover-q6[01]\.(?:webp|avif)|2400x2400)/.test(name))).toEqual([])
  })
})

test('a client past its new images gets a 429, while images already rendered still come', async () => {
  process.env.IMAGE_RENDERS_PER_CLIENT = '3'
  // Photos of listings no other test shows, at the flyer's thumbnail size, their cached copies removed.
  const documentIds = listingRows(40)
    .slice(20)
    .map((row) => (JSON.parse(row.imageIds) as number[])[0]!)
    .slice(0, 5)
  const thumbnail = (documentId: number) => `/resizedimages/267/400/cover/60/1-${documentId}`
  for (const documentId of documentIds)
    fs.rmSync(path.join(process.env.DATA_DIR ?? '.test-data', 'image-cache', String(documentId)), { recursive: true, force: true })

  const address = freshAddress()
  const answers = []
  for (const documentId of documentIds.slice(0, 4)) answers.push((await getImage(thumbnail(documentId), address)).status)
  expect(answers).toEqual([200, 200, 200, 429])
  // Already rendered: it comes without a render, past the limit too.
  expect((await getImage(thumbnail(documentIds[0]!), address)).status).toBe(200)
  // Another client is not held back by this one.
  expect((await getImage(thumbnail(documentIds[4]!), freshAddress())).status).toBe(200)
})
