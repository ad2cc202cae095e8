import { describe, expect, test } from 'vitest'
import { provenanceOf, salesProvenanceSentence } from '~/models/listings/sale-price-source'

/** Issue 36 item 1: every figure drawn from sales says on which kind of sales it rests. */
describe('the sales provenance sentence', () => {
  test('generated sales alone are called demonstration sales, not real transactions', () => {
    expect(salesProvenanceSentence({ generated: 3_000, feed: 0, seller: 0 })).toBe(
      'These figures come from demonstration sales generated for this site, not from real transactions.',
    )
  })

  test('real sales are counted by who reported them, and generated ones beside them are named as such', () => {
    expect(salesProvenanceSentence({ generated: 2_500, feed: 40, seller: 1 })).toBe(
      'These figures come from 41 real sales (40 reported by partner feeds, 1 reported by sellers) and 2,500 demonstration sales generated for this site, which are not real transactions.',
    )
    expect(salesProvenanceSentence({ generated: 0, feed: 0, seller: 12 })).toBe('These figures come from 12 real sales (12 reported by sellers).')
  })

  test('without sales there is nothing to say', () => {
    expect(salesProvenanceSentence({ generated: 0, feed: 0, seller: 0 })).toBeUndefined()
  })

  test('sales are counted by source', () => {
    expect(provenanceOf([{ source: 'feed' }, { source: 'generated' }, { source: 'feed' }])).toEqual({ generated: 1, feed: 2, seller: 0 })
  })
})
