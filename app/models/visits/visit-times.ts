/**
 * Visit times (issue 38 item 3, decision 0070): a buyer types a date and a time as the land's own
 * clock reads them, in the time zone of the listing's state (most of its land; the form names the
 * zone). They are kept as UTC instants and shown in that zone again.
 */
const eastern = 'America/New_York'
const central = 'America/Chicago'
const mountain = 'America/Denver'
const pacific = 'America/Los_Angeles'

/** The zone of most of each state's land, by its postal abbreviation. */
const stateTimeZones: Record<string, string> = {
  ...Object.fromEntries(
    ['CT', 'DC', 'DE', 'FL', 'GA', 'KY', 'MA', 'MD', 'ME', 'NC', 'NH', 'NJ', 'NY', 'OH', 'PA', 'RI', 'SC', 'VA', 'VT', 'WV'].map((state) => [state, eastern]),
  ),
  ...Object.fromEntries(['AL', 'AR', 'IA', 'IL', 'KS', 'LA', 'MN', 'MO', 'MS', 'ND', 'NE', 'OK', 'SD', 'TN', 'TX', 'WI'].map((state) => [state, central])),
  ...Object.fromEntries(['CO', 'MT', 'NM', 'UT', 'WY'].map((state) => [state, mountain])),
  ...Object.fromEntries(['CA', 'NV', 'OR', 'WA'].map((state) => [state, pacific])),
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IN: 'America/Indiana/Indianapolis',
  MI: 'America/Detroit',
  PR: 'America/Puerto_Rico',
}

/** The zone a listing's visit times are in; Eastern for a state not in the table. */
export const visitTimeZoneOfState = (stateAbbreviation: string) => stateTimeZones[stateAbbreviation.toUpperCase()] ?? eastern

const zoneNames: Record<string, string> = {
  [eastern]: 'Eastern time',
  [central]: 'Central time',
  [mountain]: 'Mountain time',
  [pacific]: 'Pacific time',
  'America/Anchorage': 'Alaska time',
  'America/Phoenix': 'Mountain time (Arizona, no daylight saving)',
  'Pacific/Honolulu': 'Hawaii time',
  'America/Boise': 'Mountain time',
  'America/Indiana/Indianapolis': 'Eastern time',
  'America/Detroit': 'Eastern time',
  'America/Puerto_Rico': 'Atlantic time',
}

/** The zone as the form and mails name it: 'Central time'. */
export const visitTimeZoneName = (timeZone: string) => zoneNames[timeZone] ?? timeZone

const partsFormats = new Map<string, Intl.DateTimeFormat>()

/** The wall-clock reading of `instant` in `timeZone`, as milliseconds of a UTC date with the same reading. */
function wallClockMs(instant: number, timeZone: string) {
  let format = partsFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    partsFormats.set(timeZone, format)
  }
  const part = Object.fromEntries(format.formatToParts(new Date(instant)).map(({ type, value }) => [type, Number(value)]))
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!)
}

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/
const timePattern = /^([01]\d|2[0-3]):([0-5]\d)$/

/**
 * The instant a date ('2026-12-05') and time ('10:30', as a time input sends it) name in
 * `timeZone`; 'malformed' for text that is not such a date or time, 'nonexistent' for a time the
 * clocks skip when they spring forward.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date | 'malformed' | 'nonexistent' {
  const day = datePattern.exec(date)
  const clock = timePattern.exec(time)
  if (!day || !clock) return 'malformed'
  const wanted = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), Number(clock[1]), Number(clock[2]))
  if (new Date(wanted).toISOString().slice(0, 10) !== date) return 'malformed'
  // The zone's offset at a first guess, then again at the answer, which a change of clocks between the two may move.
  let instant = wanted - (wallClockMs(wanted, timeZone) - wanted)
  instant = wanted - (wallClockMs(instant, timeZone) - instant)
  return wallClockMs(instant, timeZone) === wanted ? new Date(instant) : 'nonexistent'
}

/** 'Saturday, December 5, 2026 at 10:30 AM CST': how a visit time reads on pages and in mails. */
export function formatVisitTime(instant: string | Date, timeZone: string) {
  return new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'full', timeStyle: 'short' }).format(new Date(instant)) + ` ${shortZoneName(instant, timeZone)}`
}

function shortZoneName(instant: string | Date, timeZone: string) {
  return (
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(new Date(instant)).find((part) => part.type === 'timeZoneName')?.value ?? ''
  )
}

/** The date and time inputs' values for `instant` in `timeZone` ('2026-12-05', '10:30'). */
export function zonedInputValues(instant: string | Date, timeZone: string) {
  const iso = new Date(wallClockMs(new Date(instant).getTime(), timeZone)).toISOString()
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) }
}
