import { expect, test } from 'vitest'
import { alertReasonOf, batchAlerts, listingChanges } from '~/models/accounts/instant-alerts'
import { listingHistoryKind } from '~/models/trust/listing-history'

/** Which history events are a buyer's news (decision 0071), and how one run's matches make one e-mail per account. */
const event = (listingId: number, kind: number, price: number | null = 100_000, previousPrice: number | null = null) => ({ listingId, kind, price, previousPrice })

test('a listing or relisting is new, a return to the market is back on the market, and only a real price going down is a price drop', () => {
  expect(alertReasonOf(event(1, listingHistoryKind.listed))).toBe('new')
  expect(alertReasonOf(event(1, listingHistoryKind.relisted))).toBe('new')
  expect(alertReasonOf(event(1, listingHistoryKind.backOnMarket))).toBe('back-on-market')
  expect(alertReasonOf(event(1, listingHistoryKind.priceChange, 90_000, 100_000))).toBe('price-drop')
  expect(alertReasonOf(event(1, listingHistoryKind.priceChange, 110_000, 100_000))).toBeUndefined()
  // 'Contact for Price' (0 or 1) and an auction without a price (2) are no prices to drop from or to.
  expect(alertReasonOf(event(1, listingHistoryKind.priceChange, 90_000, 1))).toBeUndefined()
  expect(alertReasonOf(event(1, listingHistoryKind.priceChange, 2, 100_000))).toBeUndefined()
  for (const kind of [listingHistoryKind.underContract, listingHistoryKind.sold, listingHistoryKind.offMarket]) expect(alertReasonOf(event(1, kind))).toBeUndefined()
})

test('each changed listing counts once: a new one stays new, another takes its latest change, with the price before its drop', () => {
  expect(
    listingChanges([
      event(1, listingHistoryKind.listed),
      event(1, listingHistoryKind.priceChange, 80_000, 100_000),
      event(2, listingHistoryKind.backOnMarket),
      event(2, listingHistoryKind.priceChange, 70_000, 90_000),
      event(3, listingHistoryKind.priceChange, 120_000, 90_000),
    ]),
  ).toEqual([
    { listingId: 1, reason: 'new', previousPrice: null },
    { listingId: 2, reason: 'price-drop', previousPrice: 90_000 },
  ])
})

test('one batch per account: each listing once, with every saved search it matched and whether it is a favourite', () => {
  const batches = batchAlerts([
    { userId: 7, siteId: 1, listingId: 10, search: { id: 1, name: 'Texas' } },
    { userId: 8, siteId: 2, listingId: 10, search: { id: 2, name: 'Ranches' } },
    { userId: 7, siteId: 1, listingId: 11, search: { id: 1, name: 'Texas' } },
    { userId: 7, siteId: 1, listingId: 10, search: { id: 3, name: 'Travis County' } },
    { userId: 7, siteId: 3, listingId: 10 },
  ])
  expect(batches).toEqual([
    {
      userId: 7,
      siteIds: [1, 3],
      items: [
        {
          listingId: 10,
          siteId: 1,
          searches: [
            { id: 1, name: 'Texas' },
            { id: 3, name: 'Travis County' },
          ],
          isFavorite: true,
        },
        { listingId: 11, siteId: 1, searches: [{ id: 1, name: 'Texas' }], isFavorite: false },
      ],
    },
    { userId: 8, siteIds: [2], items: [{ listingId: 10, siteId: 2, searches: [{ id: 2, name: 'Ranches' }], isFavorite: false }] },
  ])
})
