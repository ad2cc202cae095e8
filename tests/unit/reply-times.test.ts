import { describe, expect, test } from 'vitest'
import { afterQuietHours, type LeadAnswer, replyTimeText, replyWithinHours, waitingText } from '~/models/sellers/reply-times'

/** Sellers' reply times (issue 38 item 2, decision 0069): the figure, its rounding and wording, waiting times and quiet hours. */
const received = '2026-11-01T12:00:00.000Z'
const answeredAfter = (hours: number): LeadAnswer => ({ receivedAt: received, answeredAt: new Date(Date.parse(received) + hours * 3_600_000).toISOString() })
const unanswered: LeadAnswer = { receivedAt: received, answeredAt: null }

describe('the reply-time figure', () => {
  test('is the median hours to the first answer, rounded up to 1, 2, 3, 6, 12, 24 or 48 hours', () => {
    expect(replyWithinHours([0.2, 0.5, 0.9, 3, 5].map(answeredAfter))).toBe(1)
    expect(replyWithinHours([1, 1.5, 1.5, 9, 9].map(answeredAfter))).toBe(2)
    expect(replyWithinHours([2, 4, 4, 4, 30].map(answeredAfter))).toBe(6)
    expect(replyWithinHours([10, 11, 13, 13, 13, 40].map(answeredAfter))).toBe(24)
    expect(replyWithinHours([30, 30, 30, 30, 30].map(answeredAfter))).toBe(48)
  })

  test('says nothing for a seller with fewer than 5 answered leads, however quick', () => {
    expect(replyWithinHours([0.1, 0.1, 0.1, 0.1].map(answeredAfter))).toBeNull()
  })

  test('says nothing for a seller who answers fewer than 70 % of their leads, nor for one slower than two days', () => {
    expect(replyWithinHours([...[1, 1, 1, 1, 1, 1, 1].map(answeredAfter), unanswered, unanswered, unanswered, unanswered])).toBeNull()
    expect(replyWithinHours([...[1, 1, 1, 1, 1, 1, 1].map(answeredAfter), unanswered, unanswered, unanswered])).toBe(1)
    expect(replyWithinHours([50, 60, 70, 80, 90].map(answeredAfter))).toBeNull()
  })

  test('reads as a plain figure', () => {
    expect(replyTimeText(1)).toBe('Usually replies within an hour')
    expect(replyTimeText(6)).toBe('Usually replies within 6 hours')
    expect(replyTimeText(24)).toBe('Usually replies within a day')
    expect(replyTimeText(48)).toBe('Usually replies within 2 days')
  })
})

describe('waiting times', () => {
  test('say how long an unanswered lead has waited, in whole hours, then days', () => {
    const at = (hours: number) => new Date(Date.parse(received) + hours * 3_600_000)
    expect(waitingText(received, at(0.5))).toBe('Waiting less than an hour')
    expect(waitingText(received, at(1.2))).toBe('Waiting 1 hour')
    expect(waitingText(received, at(3.9))).toBe('Waiting 3 hours')
    expect(waitingText(received, at(50))).toBe('Waiting 2 days')
  })
})

describe('quiet hours', () => {
  const night = { from: 21, until: 7, timeZone: 'America/Chicago' }

  test('defer a reminder due at night, in the seller’s zone, to the end of their quiet hours', () => {
    // 04:00 UTC on 2 November 2026 is 22:00 in Chicago (CST, UTC-6): quiet until 07:00 CST, 13:00 UTC.
    expect(afterQuietHours(new Date('2026-11-02T04:00:00Z'), night).toISOString()).toBe('2026-11-02T13:00:00.000Z')
    // 06:30 CST, half an hour before they end.
    expect(afterQuietHours(new Date('2026-11-02T12:30:00Z'), night).toISOString()).toBe('2026-11-02T13:00:00.000Z')
  })

  test('let a reminder due outside them go at once, and none set lets every reminder go', () => {
    const afternoon = new Date('2026-11-02T20:00:00Z')
    expect(afterQuietHours(afternoon, night)).toEqual(afternoon)
    expect(afterQuietHours(new Date('2026-11-02T13:00:00Z'), night).toISOString()).toBe('2026-11-02T13:00:00.000Z')
    expect(afterQuietHours(new Date('2026-11-02T04:00:00Z'), null).toISOString()).toBe('2026-11-02T04:00:00.000Z')
  })

  test('work within one day too (13:00 to 14:00 Eastern) and in another zone', () => {
    const lunch = { from: 13, until: 14, timeZone: 'America/New_York' }
    expect(afterQuietHours(new Date('2026-11-02T18:15:00Z'), lunch).toISOString()).toBe('2026-11-02T19:00:00.000Z')
    expect(afterQuietHours(new Date('2026-11-02T19:00:00Z'), lunch).toISOString()).toBe('2026-11-02T19:00:00.000Z')
  })
})
