import { expect, test } from 'vitest'
import { largest } from '~/utils/statistics'

test('the largest value is found among as many values as a fit at a million listings reads, where spreading them into Math.max overflows the stack', () => {
  // 400,000 distinct values in a scrambled order; the largest is 399,999.
  const saleQuarters = Array.from({ length: 400_000 }, (_, index) => (index * 7_919) % 400_000)
  expect(() => Math.max(...saleQuarters)).toThrow(RangeError)
  expect(largest(saleQuarters)).toBe(399_999)
  expect(largest([-3, -1, -2])).toBe(-1)
  expect(largest([])).toBe(-Infinity)
})
