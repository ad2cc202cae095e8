import { describe, expect, test } from 'vitest'
import { clearSearchTotalsCache, createTotalsCache, searchTotalsCacheFor } from '~/models/search-totals-cache.server'

const totals = (total: number) => ({ total, minPrice: null, maxPrice: null })

function countingQuery(total: number) {
  const query = { calls: 0, run: async () => { query.calls++; return totals(total) } }
  return query
}

describe('search totals cache', () => {
  test('a second ask within the time limit reuses the first answer', async () => {
    const cache = createTotalsCache()
    const query = countingQuery(7)
    expect(await cache.totalsFor('a', query.run)).toEqual(totals(7))
    expect(await cache.totalsFor('a', query.run)).toEqual(totals(7))
    expect(query.calls).toBe(1)
  })

  test('an answer older than the time limit is asked again', async () => {
    let clock = 0
    const cache = createTotalsCache({ timeToLiveMilliseconds: 1000, now: () => clock })
    const query = countingQuery(3)
    await cache.totalsFor('a', query.run)
    clock = 999
    await cache.totalsFor('a', query.run)
    expect(query.calls).toBe(1)
    clock = 1000
    await cache.totalsFor('a', query.run)
    expect(query.calls).toBe(2)
  })

  test('past the size bound the least recently used search is forgotten', async () => {
    const cache = createTotalsCache({ maxEntries: 2 })
    const first = countingQuery(1)
    const second = countingQuery(2)
    const third = countingQuery(3)
    await cache.totalsFor('first', first.run)
    await cache.totalsFor('second', second.run)
    await cache.totalsFor('first', first.run)
    await cache.totalsFor('third', third.run)
    expect(cache.size).toBe(2)
    await cache.totalsFor('first', first.run)
    await cache.totalsFor('second', second.run)
    expect(first.calls).toBe(1)
    expect(second.calls).toBe(2)
  })

  test('a failed query is not kept', async () => {
    const cache = createTotalsCache()
    await expect(cache.totalsFor('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache.totalsFor('a', countingQuery(5).run)).toEqual(totals(5))
  })

  test('clearing after a listing write forgets every database’s counts', async () => {
    const database = {}
    const query = countingQuery(4)
    await searchTotalsCacheFor(database).totalsFor('a', query.run)
    await searchTotalsCacheFor(database).totalsFor('a', query.run)
    expect(query.calls).toBe(1)
    clearSearchTotalsCache()
    await searchTotalsCacheFor(database).totalsFor('a', query.run)
    expect(query.calls).toBe(2)
  })

  test('two databases never share counts', async () => {
    expect(await searchTotalsCacheFor({}).totalsFor('a', countingQuery(1).run)).toEqual(totals(1))
    expect(await searchTotalsCacheFor({}).totalsFor('a', countingQuery(2).run)).toEqual(totals(2))
  })
})
