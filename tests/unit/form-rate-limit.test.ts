import { describe, expect, test } from 'vitest'
import { formatDuration } from '~/utils/form-rate-limit.server'

/** Issue 34 item 2: a form refused for its limit says how long to wait, in words a person reads. */
describe('the wait as a person reads it', () => {
  test('seconds under a minute, whole minutes rounded up, hours past ninety minutes', () => {
    expect(formatDuration(400)).toBe('1 second')
    expect(formatDuration(42_100)).toBe('43 seconds')
    expect(formatDuration(60_000)).toBe('1 minute')
    expect(formatDuration(6 * 60_000 + 1_000)).toBe('7 minutes')
    expect(formatDuration(90 * 60_000)).toBe('90 minutes')
    expect(formatDuration(23.2 * 60 * 60_000)).toBe('24 hours')
  })
})
