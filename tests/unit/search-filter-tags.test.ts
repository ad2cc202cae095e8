import { describe, expect, test } from 'vitest'
import { normalizeCriteria } from '~/models/search/search-criteria'
import { searchFilterTags, searchSentence } from '~/models/search/search-filter-tags'

describe('the chip of a price per acre range (issue 40, beyond the spec)', () => {
  const texas = { state: 'texas', propertyTypes: ['ranches' as const] }

  test('says an upper bound, a lower bound or both, an acre', () => {
    const labels = (bounds: object) => searchFilterTags(normalizeCriteria({ ...texas, ...bounds })).map((tag) => tag.label)
    expect(labels({ pricePerAcreMax: 5_000 })).toEqual(['Ranches', 'Under $5,000 an acre'])
    expect(labels({ pricePerAcreMin: 1_000 })).toEqual(['Ranches', 'Over $1,000 an acre'])
    expect(labels({ pricePerAcreMin: 1_000, pricePerAcreMax: 5_000 })).toEqual(['Ranches', '$1,000 to $5,000 an acre'])
  })

  test('follows the price chip, and its removal is the search without the price per acre alone, from its first page', () => {
    const criteria = normalizeCriteria({ ...texas, priceMax: 900_000, pricePerAcreMax: 5_000, acresMin: 40, page: 3 })
    const tags = searchFilterTags(criteria)
    expect(tags.map((tag) => tag.label)).toEqual(['Ranches', 'Under $900,000', 'Under $5,000 an acre', '40+ acres'])
    expect(normalizeCriteria(tags[2]!.without)).toEqual(normalizeCriteria({ ...texas, priceMax: 900_000, acresMin: 40 }))
  })

  test('reads naturally in the search sentence', () => {
    expect(searchSentence(normalizeCriteria({ state: 'texas', pricePerAcreMax: 5_000 }), 'Texas')).toBe('Land in Texas under $5,000 an acre')
    expect(searchSentence(normalizeCriteria({ ...texas, pricePerAcreMin: 1_000, pricePerAcreMax: 5_000 }), 'Texas')).toBe(
      'Ranches in Texas at $1,000 to $5,000 an acre',
    )
  })
})
