/**
 * Sellers' reply times (issue 38 item 2, decision 0069): the figure a seller earns by answering
 * leads, its wording, how long a lead has waited, and the quiet hours reminders wait out. Pure
 * module: the pages, the jobs and the e-mails share it.
 */

/** The leads of this many days before the figure's day count toward it. */
export const replyTimeWindowDays = 90
/** A lead gets a day to be answered before it counts against the seller. */
export const replyTimeGraceHours = 24
/** The figure needs this many answered leads: fewer say nothing either way. */
export const minimumAnsweredLeads = 5
/** ...and the seller must answer at least this share of their leads. */
export const minimumAnsweredShare = 0.7

/**
 * The inbox lists the leads unanswered for up to this long first, the longest waiting first; by
 * then the buyer has been sent other sellers' listings, and older ones list with the rest, newest
 * first, so a backlog never pushes new leads off the inbox's first page.
 */
export const waitingLeadHours = 48

/** The plain figures a median is rounded up to; a median past the last shows nothing. */
export const replyTimeSteps = [1, 2, 3, 6, 12, 24, 48] as const

const hourMs = 3_600_000

/** One lead of the window: when it came and when it was first answered (null: never). */
export interface LeadAnswer {
  receivedAt: string
  answeredAt: string | null
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/**
 * The seller's figure from their leads of the window: the median hours to the first answer,
 * rounded up to a step, when at least `minimumAnsweredLeads` were answered and they make at least
 * `minimumAnsweredShare` of the leads; null otherwise (too few leads, or a seller who rarely replies).
 */
export function replyWithinHours(leads: LeadAnswer[]): number | null {
  const hours = leads.flatMap(({ receivedAt, answeredAt }) => (answeredAt === null ? [] : [(Date.parse(answeredAt) - Date.parse(receivedAt)) / hourMs]))
  if (hours.length < minimumAnsweredLeads || hours.length < minimumAnsweredShare * leads.length) return null
  const typical = median(hours)
  return replyTimeSteps.find((step) => typical <= step) ?? null
}

/** 'Usually replies within 2 hours', 'within a day', 'within 2 days'. */
export function replyTimeText(withinHours: number) {
  if (withinHours === 1) return 'Usually replies within an hour'
  if (withinHours % 24 === 0) return `Usually replies within ${withinHours === 24 ? 'a day' : `${withinHours / 24} days`}`
  return `Usually replies within ${withinHours} hours`
}

/** 'Waiting 3 hours', 'Waiting 2 days', 'Waiting less than an hour': how long an unanswered lead has waited at `now`. */
export function waitingText(receivedAt: string, now: Date) {
  const hours = Math.floor((now.getTime() - Date.parse(receivedAt)) / hourMs)
  if (hours < 1) return 'Waiting less than an hour'
  if (hours < 48) return `Waiting ${hours} ${hours === 1 ? 'hour' : 'hours'}`
  return `Waiting ${Math.floor(hours / 24)} days`
}

/** A lead as the inbox draws it: with how long it has waited at `now` ('Waiting 3 hours'), null once answered. */
export function withWaitingTime<Lead extends { receivedAt: string; answeredAt: string | null }>(lead: Lead, now: Date): Lead & { waiting: string | null } {
  return { ...lead, waiting: lead.answeredAt === null ? waitingText(lead.receivedAt, now) : null }
}

/** The US time zones a seller picks their quiet hours in. */
export const quietHoursTimeZones = [
  { id: 'America/New_York', label: 'Eastern' },
  { id: 'America/Chicago', label: 'Central' },
  { id: 'America/Denver', label: 'Mountain' },
  { id: 'America/Phoenix', label: 'Arizona' },
  { id: 'America/Los_Angeles', label: 'Pacific' },
  { id: 'America/Anchorage', label: 'Alaska' },
  { id: 'Pacific/Honolulu', label: 'Hawaii' },
] as const

/** Hours of the clock, local to `timeZone`: from `from`:00 up to `until`:00, across midnight when `from` > `until`. */
export interface QuietHours {
  from: number
  until: number
  timeZone: string
}

function localMinutesOfDay(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' }).formatToParts(at)
  const part = (type: 'hour' | 'minute') => Number(parts.find((each) => each.type === type)!.value)
  return part('hour') * 60 + part('minute')
}

/**
 * When a reminder due at `now` may go: `now` outside quiet hours, else the end of them (the next
 * `until`:00 in the seller's zone). A clock change inside quiet hours moves that end by its hour.
 */
export function afterQuietHours(now: Date, quiet: QuietHours | null): Date {
  if (quiet === null || quiet.from === quiet.until) return now
  const minutes = localMinutesOfDay(now, quiet.timeZone)
  const [from, until] = [quiet.from * 60, quiet.until * 60]
  const isQuiet = from < until ? minutes >= from && minutes < until : minutes >= from || minutes < until
  if (!isQuiet) return now
  const minutesLeft = (until - minutes + 24 * 60) % (24 * 60)
  const end = new Date(now.getTime() + minutesLeft * 60_000)
  end.setUTCSeconds(0, 0)
  return end
}
