import { describe, expect, it } from 'vitest'
import { containsEmail, containsLink } from '~/models/forms/contacts-in-text'
import { TextFlag, textFlags } from '~/models/forms/validation'
import { adversarialTexts } from '../support/adversarial-texts'

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

/** The fastest of seven runs, so a pause of the machine or the collector does not count. */
function fastestMilliseconds(work: () => unknown) {
  let fastest = Infinity
  for (let round = 0; round < 7; round++) {
    const startedAt = performance.now()
    work()
    fastest = Math.min(fastest, performance.now() - startedAt)
  }
  return fastest
}

/** How many times longer `check` takes on `times` as much text (the texts built outside the timing). */
function growthOfLongerText(check: (text: string) => unknown, textOf: (bytes: number) => string, bytes: number, times: number) {
  const [short, long] = [textOf(bytes), textOf(bytes * times)]
  // Compiled and warmed on both first, as a running server's are: the timings are the scans'.
  check(short)
  check(long)
  return fastestMilliseconds(() => check(long)) / fastestMilliseconds(() => check(short))
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

  // Ratios measured in one run, not milliseconds, so a busy machine cannot fail them (the
  // milliseconds for 1 MB are `npm run bench:text-rules`'s). Ten times the text takes about a hundred
  // times as long when the scan is quadratic; a hundred times the text about a hundred times as long
  // when it is linear, ten thousand when quadratic. Each bound lies far from what noise can reach.
  it('the reference patterns take quadratic time on such text: ten times the text takes over forty times as long', () => {
    const text = (bytes: number) => adversarialTexts(bytes)['dotted labels']
    expect(growthOfLongerText(referenceContainsLink, text, 1_000, 10)).toBeGreaterThan(40)
  })

  it('these scans take linear time on every such text and for every flag: a hundred times the text takes under a thousand times as long', () => {
    const rule = textFlags(TextFlag.noHtml | TextFlag.noUrl | TextFlag.noEmail, 'No contact details.')
    for (const name of Object.keys(adversarialTexts(10)) as (keyof ReturnType<typeof adversarialTexts>)[]) {
      const text = (bytes: number) => adversarialTexts(bytes)[name]
      expect(growthOfLongerText(containsEmail, text, 10_000, 100), `${name}: e-mail`).toBeLessThan(1_000)
      expect(growthOfLongerText(containsLink, text, 10_000, 100), `${name}: link`).toBeLessThan(1_000)
      expect(growthOfLongerText(rule, text, 10_000, 100), `${name}: all flags`).toBeLessThan(1_000)
    }
  })
})
