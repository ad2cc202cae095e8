import type { Random } from './random'

/** Small value formats shared by the account and listing generators. */

// A fixed "today" keeps generated dates independent of the day the seed runs.
export const referenceDate = Date.parse('2026-11-01T00:00:00Z')
const dayMilliseconds = 86_400_000

export function isoDaysBefore(days: number) {
  return new Date(referenceDate - Math.round(days * dayMilliseconds)).toISOString()
}

export function daysBetween(fromIso: string, toIso: string) {
  return (Date.parse(toIso) - Date.parse(fromIso)) / dayMilliseconds
}

export function isoDaysAfter(iso: string, days: number) {
  return new Date(Date.parse(iso) + Math.round(days * dayMilliseconds)).toISOString()
}

/** '(512) 555-0123': 555-0100…0199 are reserved for fiction, so no real line is ever shown. */
export function phoneNumber(random: Random) {
  const areaCode = `${random.int(2, 9)}${random.int(0, 8)}${random.int(2, 9)}`
  return `(${areaCode}) 555-01${String(random.int(0, 99)).padStart(2, '0')}`
}

/** Prices as sellers write them: three significant figures, sometimes just under ('$249,900'). */
export function askingPrice(value: number, random: Random) {
  const magnitude = 10 ** Math.max(2, Math.floor(Math.log10(Math.max(value, 1))) - 2)
  const rounded = Math.max(1000, Math.round(value / magnitude) * magnitude)
  return rounded >= 50_000 && random.chance(0.25) ? rounded - 100 : rounded
}

const tokenAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/** A random id shaped like a YouTube video id (11 URL-safe characters). */
export function videoToken(random: Random) {
  return Array.from({ length: 11 }, () => tokenAlphabet[random.int(0, 63)]).join('')
}
