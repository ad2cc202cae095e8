import { describe, expect, test } from 'vitest'
import { feedFields } from '~/models/feeds/feed-fields'
import { checkFeedRecord } from '~/models/feeds/feed-record.server'

const record = (fields: Record<string, string>) => ({
  line: 1,
  fields: new Map(
    Object.entries({
      id: 'A-1',
      status: 'available',
      saleType: 'auction',
      title: '40 acres',
      acres: '40',
      county: 'Travis',
      state: 'TX',
      propertyTypes: 'farm',
      ...fields,
    }).map(([name, value]) => [name, [value]]),
  ),
  photos: [],
  isTooLarge: false,
})

describe("a feed record's links to other sites (spec §3 external link types)", () => {
  test('the documented fields carry the listing on the partner’s site and the auction’s page to the listing', () => {
    expect(feedFields.map((field) => field.name)).toEqual(expect.arrayContaining(['externalListingUrl', 'auctionUrl']))
    const { listing } = checkFeedRecord(record({ externalListingUrl: 'https://broker.example/a-1', auctionUrl: 'https://auctions.example/lots/a-1' }))
    expect(listing).toMatchObject({ externalListingUrl: 'https://broker.example/a-1', auctionUrl: 'https://auctions.example/lots/a-1' })
    expect(checkFeedRecord(record({})).listing).toMatchObject({ externalListingUrl: null, auctionUrl: null })
  })

  test('an address that is not https rejects the record with its reason', () => {
    const { listing, reasons } = checkFeedRecord(record({ auctionUrl: 'auctions.example/lots/a-1' }))
    expect(listing).toBeUndefined()
    expect(reasons).toContainEqual(expect.objectContaining({ code: 'INVALID_VALUE', detail: expect.stringContaining('auctionUrl') }))
  })
})
