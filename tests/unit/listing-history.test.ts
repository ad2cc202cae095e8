import { describe, expect, it } from 'vitest'
import { marketStatus } from '~/models/listings/enumerations'
import { daysOnMarket, freshness, freshnessOf, listingHistoryKind, listingHistoryView, statusChangeKind, unconfirmedNotice } from '~/models/trust/listing-history'

const now = new Date('2026-11-24T12:00:00Z')
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString()

describe('freshness (issue 19 item 3)', () => {
  const forSale = (days: number) => freshnessOf({ status: marketStatus.available, confirmedAt: daysAgo(days) }, now)

  it('marks a listing for sale nobody confirmed for 90 days, and hides it from search at 180', () => {
    expect(forSale(0)).toBe(freshness.confirmed)
    expect(forSale(89.9)).toBe(freshness.confirmed)
    expect(forSale(90)).toBe(freshness.unconfirmed)
    expect(forSale(179.9)).toBe(freshness.unconfirmed)
    expect(forSale(180)).toBe(freshness.hidden)
  })

  it('asks nothing of land no longer for sale', () => {
    expect(freshnessOf({ status: marketStatus.sold, confirmedAt: daysAgo(400) }, now)).toBe(freshness.confirmed)
    expect(freshnessOf({ status: marketStatus.offMarket, confirmedAt: null }, now)).toBe(freshness.confirmed)
    expect(freshnessOf({ status: marketStatus.underContract, confirmedAt: daysAgo(200) }, now)).toBe(freshness.hidden)
  })
})

describe('listing history (issue 19 item 2)', () => {
  it('names each status change', () => {
    expect(statusChangeKind(marketStatus.available, marketStatus.underContract)).toBe(listingHistoryKind.underContract)
    expect(statusChangeKind(marketStatus.underContract, marketStatus.available)).toBe(listingHistoryKind.backOnMarket)
    expect(statusChangeKind(marketStatus.offMarket, marketStatus.available)).toBe(listingHistoryKind.backOnMarket)
    expect(statusChangeKind(marketStatus.underContract, marketStatus.sold)).toBe(listingHistoryKind.sold)
    expect(statusChangeKind(marketStatus.available, marketStatus.offMarket)).toBe(listingHistoryKind.offMarket)
    expect(statusChangeKind(marketStatus.available, marketStatus.available)).toBeUndefined()
  })

  it('counts the days on the market, not the days off it', () => {
    const events = [
      { kind: listingHistoryKind.listed, happenedAt: daysAgo(100) },
      { kind: listingHistoryKind.offMarket, happenedAt: daysAgo(80) },
      { kind: listingHistoryKind.backOnMarket, happenedAt: daysAgo(30) },
      { kind: listingHistoryKind.underContract, happenedAt: daysAgo(10) },
    ]
    expect(daysOnMarket(events, now)).toBe(50)
    expect(daysOnMarket([...events, { kind: listingHistoryKind.sold, happenedAt: daysAgo(5) }], now)).toBe(45)
  })

  it('shows the timeline newest first with prices, links the earlier listing and the other sellers, and the unconfirmed mark', () => {
    const view = listingHistoryView(
      {
        events: [
          { kind: listingHistoryKind.relisted, happenedAt: '2026-05-01T10:00:00Z', price: 200_000, previousPrice: null, relatedListingId: 3 },
          { kind: listingHistoryKind.priceChange, happenedAt: '2026-07-15T10:00:00Z', price: 189_000, previousPrice: 200_000, relatedListingId: null },
        ],
        alsoListedBy: [
          { listingId: 9, sellerName: 'Ranch Realty' },
          { listingId: null, sellerName: 'Hill Country Land' },
        ],
        isUnconfirmed: true,
      },
      { now, hrefOf: (id) => `/property/x/${id}/` },
    )
    expect(view.events.map((event) => [event.date, event.label, event.detail])).toEqual([
      ['Jul 15, 2026', 'Price changed', '$200,000 to $189,000 (reduced $11K)'],
      ['May 1, 2026', 'Relisted', '$200,000; the same land was listed before'],
    ])
    expect(view.events[1]!.href).toBe('/property/x/3/')
    expect(view.alsoListedBy).toEqual([
      { sellerName: 'Ranch Realty', href: '/property/x/9/' },
      { sellerName: 'Hill Country Land', href: null },
    ])
    expect(view.unconfirmed).toBe(unconfirmedNotice)
    expect(view.daysOnMarket).toBe(207)
  })
})
