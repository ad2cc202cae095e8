import { describe, expect, test } from 'vitest'
import { clearSearchCaches, createSearchCache, searchPagesCacheFor, searchTotalsCacheFor } from '~/models/search/search-totals-cache.server'

const totals = (total: number) => ({ total, minPrice: null, maxPrice: null })

function countingQuery(total: number) {
  const query = {
    calls: 0,
    run: async () => {
      query.calls++
      return totals(total)
    },
  }
  return query
}

describe('search totals cache', () => {
  test('a second ask within the time limit reuses the first answer', async () => {
    const cache = createSearchCache()
    const query = countingQuery(7)
    expect(await cache.answerFor('a', query.run)).toEqual(totals(7))
    expect(await cache.answerFor('a', query.run)).toEqual(totals(7))
    expect(query.calls).toBe(1)
  })

  test('an answer older than the time limit is asked again', async () => {
    // A clock that starts at 0 would read as 'no time' to lru-cache; a real clock never does.
    let clock = 5000
    const cache = createSearchCache({ timeToLiveMilliseconds: 1000, now: () => clock })
    const query = countingQuery(3)
    await cache.answerFor('a', query.run)
    clock = 6000
    await cache.answerFor('a', query.run)
    expect(query.calls).toBe(1)
    clock = 6001
    await cache.answerFor('a', query.run)
    expect(query.calls).toBe(2)
  })

  test('past the size bound the least recently used search is forgotten', async () => {
    const cache = createSearchCache({ maxEntries: 2 })
    const first = countingQuery(1)
    const second = countingQuery(2)
    const third = countingQuery(3)
    await cache.answerFor('first', first.run)
    await cache.answerFor('second', second.run)
    await cache.answerFor('first', first.run)
    await cache.answerFor('third', third.run)
    expect(cache.size).toBe(2)
    await cache.answerFor('first', first.run)
    await cache.answerFor('second', second.run)
    expect(first.calls).toBe(1)
    expect(second.calls).toBe(2)
  })

  test('a failed query is not kept', async () => {
    const cache = createSearchCache()
    await expect(cache.answerFor('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache.answerFor('a', countingQuery(5).run)).toEqual(totals(5))
  })

  test('clearing after a listing write forgets every database’s counts', async () => {
    const database = {}
    const query = countingQuery(4)
    await searchTotalsCacheFor(database).answerFor('a', query.run)
    await searchTotalsCacheFor(database).answerFor('a', query.run)
    expect(query.calls).toBe(1)
    clearSearchCaches()
    await searchTotalsCacheFor(database).answerFor('a', query.run)
    expect(query.calls).toBe(2)
  })

  test('two databases never share counts', async () => {
    expect(await searchTotalsCacheFor({}).answerFor('a', countingQuery(1).run)).toEqual(totals(1))
    expect(await searchTotalsCacheFor({}).answerFor('a', countingQuery(2).run)).toEqual(totals(2))
  })

  test('a page of results is kept like its totals and forgotten with them after a listing write', async () => {
    const database = {}
    let reads = 0
    const readPage = async () => {
      reads++
      return []
    }
    await searchPagesCacheFor(database).answerFor('page 1', readPage)
    await searchPagesCacheFor(database).answerFor('page 1', readPage)
    expect(reads).toBe(1)
    clearSearchCaches()
    await searchPagesCacheFor(database).answerFor('page 1', readPage)
    expect(reads).toBe(2)
  })
})
