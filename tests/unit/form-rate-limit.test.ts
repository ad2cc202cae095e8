import { describe, expect, test } from 'vitest'
import { type FormRateLimit, refusalOf, waitSentence, waitText } from '~/http/form-rate-limit.server'

const minute = 60_000
const contact: FormRateLimit = { limit: 5, windowMs: 10 * minute, counted: 'messages', kept: 'your message is kept below' }

describe('the wait a refused form names', () => {
  test('is in seconds under a minute, never 0', () => {
    expect(waitText(45_000)).toBe('45 seconds')
    expect(waitText(44_001)).toBe('45 seconds')
    expect(waitText(1_000)).toBe('1 second')
    expect(waitText(10)).toBe('1 second')
  })

  test('is rounded up to whole minutes under an hour', () => {
    expect(waitText(minute)).toBe('1 minute')
    expect(waitText(6.5 * minute)).toBe('7 minutes')
    expect(waitText(59 * minute + 1)).toBe('1 hour')
  })

  test('is in hours and minutes beyond an hour', () => {
    expect(waitText(2 * 60 * minute)).toBe('2 hours')
    expect(waitText((23 * 60 + 56.5) * minute)).toBe('23 hours and 57 minutes')
    expect(waitText(61 * minute)).toBe('1 hour and 1 minute')
  })
})

describe('the sentence of a form past its limit', () => {
  test('names the limit, its window, the wait and what is kept', () => {
    expect(waitSentence(contact, 6.5 * minute)).toBe(
      'You have reached the limit of 5 messages in 10 minutes. Please wait 7 minutes and try again — your message is kept below.',
    )
    expect(waitSentence({ ...contact, windowMs: 60 * minute }, minute)).toContain('5 messages in an hour.')
    expect(waitSentence({ ...contact, windowMs: 24 * 60 * minute }, minute)).toContain('5 messages in a day.')
    expect(waitSentence({ ...contact, windowMs: 2 * 60 * minute }, minute)).toContain('5 messages in 2 hours.')
  })

  test('a post within the limit is not refused; the next waits until its window ends, Retry-After in whole seconds', () => {
    const now = Date.UTC(2026, 10, 28, 12)
    const windowEndsAt = now + 6.5 * minute
    expect(refusalOf({ count: 5, windowEndsAt }, contact, now)).toBeUndefined()
    expect(refusalOf({ count: 6, windowEndsAt }, contact, now)).toEqual({
      message: waitSentence(contact, 6.5 * minute),
      init: { status: 429, headers: { 'Retry-After': '390' } },
    })
  })
})
