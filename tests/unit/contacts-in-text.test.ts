import { describe, expect, it } from 'vitest'
import { containsEmail, containsLink } from '~/models/forms/contacts-in-text'
import { TextFlag, textFlags } from '~/models/forms/validation'

/**
 * The §5 noEmail and noUrl flags find the same addresses and links as the patterns they were
 * (kept here as the reference), in linear time: 1 MB of text built to make those patterns
 * backtrack is checked in milliseconds (issue 33 finding 5).
 */
const referenceEmail = /[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}/
const referenceLink = /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|info|biz|us|gov|edu|io)\b/i
const referenceContainsLink = (text: string) => referenceLink.test(text.replace(new RegExp(referenceEmail.source, 'g'), ' '))

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function randomSource(seed: number) {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state)
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296
  }
}

/** Pieces the patterns care about, joined at random: most strings hold near-misses. */
const pieces = [
  'a',
  'B',
  'x',
  '7',
  '_',
  '-',
  '+',
  '%',
  '.',
  '..',
  '@',
  ':',
  '//',
  '://',
  ' ',
  '\n',
  'www',
  'www.',
  'com',
  'COM',
  'io',
  'net',
  'info',
  'http',
  'é',
  '<',
  '/',
  'ab',
  'm',
  'ab@',
  '@cd.',
  'a.b',
  'ef',
]

function randomTexts(count: number) {
  const random = randomSource(33)
  return Array.from({ length: count }, () => {
    const length = 1 + Math.floor(random() * 12)
    return Array.from({ length }, () => pieces[Math.floor(random() * pieces.length)]).join('')
  })
}

/** Texts that make the reference patterns try a long match from every position. */
const adversarialTexts = (bytes: number) => ({
  'dotted labels': 'a.'.repeat(bytes / 2),
  'local parts without a domain': 'aaaa@'.repeat(bytes / 5),
  'schemes without a colon': 'http'.repeat(bytes / 4),
  'one long word': 'a'.repeat(bytes),
  'addresses with one-letter endings': 'a@a.a'.repeat(bytes / 5),
  'labels without a known domain': 'a.abc'.repeat(bytes / 5),
})

function fastestMilliseconds(work: () => unknown) {
  let fastest = Infinity
  for (let round = 0; round < 3; round++) {
    const startedAt = performance.now()
    work()
    fastest = Math.min(fastest, performance.now() - startedAt)
  }
  return fastest
}

describe('e-mail addresses and links in text', () => {
  it('are found where the reference patterns find them, on 20,000 generated texts', () => {
    for (const text of randomTexts(20_000)) {
      expect(containsEmail(text), JSON.stringify(text)).toBe(referenceEmail.test(text))
      expect(containsLink(text), JSON.stringify(text)).toBe(referenceContainsLink(text))
    }
  })

  it('are found in the examples people write', () => {
    for (const text of ['see http://example.com', 'https://x.y/z', 'visit www.example.com today', 'go to example.com', 'Ranch.COM', 'mail.example.co.io,']) {
      expect(containsLink(text), text).toBe(true)
    }
    for (const text of ['write to someone@example.com', 'about 5.5 acres, approx. 20 min. to town', 'the .com era', 'ftp:// x'])
      expect(containsLink(text), text).toBe(false)
    expect(containsEmail('email someone@example.com for a tour')).toBe(true)
    expect(containsEmail('call (512) 555-0123 at example.com')).toBe(false)
  })

  it('the reference patterns take quadratic time on such text: 10,000 characters already take long', () => {
    const text = adversarialTexts(10_000)['dotted labels']
    expect(fastestMilliseconds(() => referenceContainsLink(text))).toBeGreaterThan(50)
  })

  it('1 MB of such text is checked in well under 50 ms, for every flag', () => {
    const rule = textFlags(TextFlag.noHtml | TextFlag.noUrl | TextFlag.noEmail, 'No contact details.')
    // Compiled first, as a running server's are: the timing is the scan's, not the compiler's.
    for (const text of Object.values(adversarialTexts(10_000))) rule(text)
    for (const [name, text] of Object.entries(adversarialTexts(1_000_000))) {
      expect(
        fastestMilliseconds(() => containsEmail(text)),
        `${name}: e-mail`,
      ).toBeLessThan(50)
      expect(
        fastestMilliseconds(() => containsLink(text)),
        `${name}: link`,
      ).toBeLessThan(50)
      expect(
        fastestMilliseconds(() => rule(text)),
        `${name}: all flags`,
      ).toBeLessThan(50)
    }
  })
})
