import { describe, expect, test } from 'vitest'
import { carouselViews, listingMapPath, videoEmbedUrl } from '~/models/listings/listing-media'
import { productionPages } from '../support/http'

const { fetchPage, db } = productionPages()

describe('video players', () => {
  test.each([
    ['https://www.youtube.com/watch?v=8pjR1rv0uKB', 'https://www.youtube-nocookie.com/embed/8pjR1rv0uKB'],
    ['https://youtu.be/R9IKGGEqzto', 'https://www.youtube-nocookie.com/embed/R9IKGGEqzto'],
    ['https://m.youtube.com/watch?v=S9ZW_u0nGbI&t=30', 'https://www.youtube-nocookie.com/embed/S9ZW_u0nGbI'],
    ['https://vimeo.com/123456789', 'https://player.vimeo.com/video/123456789'],
  ])('%s plays in %s', (url, embed) => {
    expect(videoEmbedUrl(url)).toBe(embed)
  })

  test.each(['https://videos.example/land.mp4', 'not a url', 'https://www.youtube.com/watch?v=<script>', 'https://vimeo.com/channels/staff'])(
    '%s gets a link, not a player',
    (url) => {
      expect(videoEmbedUrl(url)).toBeUndefined()
    },
  )

  test('the carousel offers photos, video and tour only when the listing has them, and the maps always', () => {
    expect(carouselViews({ imageIds: [1, 2], videoUrl: 'https://youtu.be/R9IKGGEqzto', virtualTourUrl: null })).toEqual([
      'gallery',
      'video',
      'property-map',
      'local-map',
    ])
    expect(carouselViews({ imageIds: [], videoUrl: null, virtualTourUrl: 'https://tours.example/x' })).toEqual(['tour', 'property-map', 'local-map'])
  })
})

describe('static listing maps', () => {
  const listing = db
    .prepare(
      `select listings.id, counties.name || ' ' || counties.suffix || ', ' || states.abbreviation as place
       from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id order by listings.id limit 1`,
    )
    .get() as { id: number; place: string }

  test.each(['property', 'local'] as const)('the %s map is an SVG naming the county, cached by browsers', async (kind) => {
    const response = await fetchPage('land.localhost', listingMapPath(listing.id, kind))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/)
    const svg = await response.text()
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(svg).toContain(`>${listing.place}</text>`)
    expect(svg).toMatch(/<circle cx="[\d.]+" cy="[\d.]+"/)
  })

  test('unknown listings, unknown kinds and sites without listings answer 404', async () => {
    expect((await fetchPage('land.localhost', listingMapPath(999_999_999, 'property'))).status).toBe(404)
    expect((await fetchPage('land.localhost', `/listing-map/${listing.id}/satellite.svg`)).status).toBe(404)
    expect((await fetchPage('value.localhost', listingMapPath(listing.id, 'property'))).status).toBe(404)
  })

  test('the detail page shows the property map in its location section, for readers without scripts', async () => {
    const path = db.prepare(`select id from listings where status = 1 order by id limit 1`).get() as { id: number }
    const response = await fetchPage('land.localhost', `/property/${path.id}`, { redirect: 'manual' })
    const html = await (await fetchPage('land.localhost', response.headers.get('location')!)).text()
    expect(html).toContain(`<section id="location" aria-labelledby="location-heading">`)
    expect(html).toContain(`src="${listingMapPath(path.id, 'property')}"`)
    expect(html).toContain(`href="${listingMapPath(path.id, 'local')}"`)
  })
})
