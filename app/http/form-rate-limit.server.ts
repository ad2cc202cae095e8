import type { Kysely } from 'kysely'
import type { HeadersFunction } from 'react-router'
import type { Database } from '~/models/db/db-schema'
import { formatCount } from '~/utils/format'
import { type CountedAttempt, type RateLimitWindow, countAttempt } from './rate-limit.server'

/**
 * A form's rate limit and how its answer names it (issue 34 item 2, decision 0053): a form sent
 * past its limit is answered with the form again, what was typed kept, and a sentence saying what
 * the limit is and how long to wait, never with an error page.
 */
export interface FormRateLimit extends RateLimitWindow {
  /** What the limit counts, in the plural: 'messages', 'login attempts'. */
  counted: string
  /** What of the form stays, for the end of the sentence: 'your message is kept below'. */
  kept: string
}

/** The answer to a form past its limit: the sentence for the form's errors, and the status and `Retry-After` (in seconds) to answer with. */
export interface RateLimitRefusal {
  message: string
  init: { status: 429; headers: { 'Retry-After': string } }
}

const second = 1000
const minute = 60 * second
const hour = 60 * minute
const day = 24 * hour

/** A limit's window as the sentence says it: '10 minutes', 'an hour', 'a day'. */
function windowText(windowMs: number) {
  if (windowMs === day) return 'a day'
  if (windowMs === hour) return 'an hour'
  if (windowMs % day === 0) return formatCount(windowMs / day, 'day')
  if (windowMs % hour === 0) return formatCount(windowMs / hour, 'hour')
  return formatCount(Math.ceil(windowMs / minute), 'minute')
}

/** A wait, rounded up so that trying again after it works: seconds under a minute, minutes under an hour, else hours and minutes. */
export function waitText(waitMs: number) {
  if (waitMs < minute) return formatCount(Math.max(1, Math.ceil(waitMs / second)), 'second')
  const minutes = Math.ceil(waitMs / minute)
  if (minutes < 60) return formatCount(minutes, 'minute')
  const hours = Math.floor(minutes / 60)
  return minutes % 60 === 0 ? formatCount(hours, 'hour') : `${formatCount(hours, 'hour')} and ${formatCount(minutes % 60, 'minute')}`
}

/** 'You have reached the limit of 5 messages in 10 minutes. Please wait 7 minutes and try again — your message is kept below.' */
export function waitSentence({ limit, windowMs, counted, kept }: FormRateLimit, waitMs: number) {
  return `You have reached the limit of ${limit} ${counted} in ${windowText(windowMs)}. Please wait ${waitText(waitMs)} and try again — ${kept}.`
}

/** The refusal of a counted attempt past `form`'s limit, or `undefined` while it is within it. */
export function refusalOf(attempt: CountedAttempt, form: FormRateLimit, now = Date.now()): RateLimitRefusal | undefined {
  if (attempt.count <= form.limit) return undefined
  const waitMs = Math.max(attempt.windowEndsAt - now, second)
  return { message: waitSentence(form, waitMs), init: { status: 429, headers: { 'Retry-After': String(Math.ceil(waitMs / second)) } } }
}

/**
 * Counts one post of a form against `key` and answers its refusal when that is past the limit. A
 * form that counts only posts it accepts calls this after its validation (decision 0053).
 */
export async function refuseOverLimit(db: Kysely<Database>, key: string, form: FormRateLimit, now = Date.now()) {
  return refusalOf(await countAttempt(db, key, form, now), form, now)
}

/**
 * A form page's `headers`: a page answered past a form's limit carries the action's `Retry-After`
 * (the framework passes an action's headers on to the page only through this function), on top of
 * the route's own headers or, for a route without any, its parent's.
 */
export function passRetryAfter(routeHeaders?: HeadersFunction): HeadersFunction {
  return (args) => {
    const headers = new Headers(routeHeaders ? routeHeaders(args) : args.parentHeaders)
    const retryAfter = args.actionHeaders.get('Retry-After')
    if (retryAfter) headers.set('Retry-After', retryAfter)
    return headers
  }
}
