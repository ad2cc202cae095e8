import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { type RateLimitWindow, clientAddress, waitAfterAttempt } from './rate-limit.server'

/** A form's limit, and what its attempts are called in the sentence that refuses one. */
export interface FormRateLimit extends RateLimitWindow {
  /** The key's prefix: one count per form and client address (or account, or request). */
  name: string
  /** 'messages from this connection', 'land requests from your account'. */
  attempts: string
  /** 'sent' (messages) or 'made' (login attempts). */
  did?: string
  /** What the person does again: 'send', 'try'. */
  again: string
  /** What the form shows again, where not all of it (a password never is). */
  kept?: string
}

/** A form refused for its limit: the sentence shown above the form, given again with what was typed, and the answer's status. */
export interface RefusedAttempt {
  message: string
  init: { status: 429 }
}

/** A duration as a person reads it: whole minutes (rounded up), hours past 90 minutes, seconds under a minute. */
export function formatDuration(milliseconds: number) {
  const seconds = Math.max(1, Math.ceil(milliseconds / 1000))
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`
  const minutes = Math.ceil(seconds / 60)
  if (minutes <= 90) return minutes === 1 ? '1 minute' : `${minutes} minutes`
  const hours = Math.ceil(minutes / 60)
  return `${hours} hours`
}

/** Counts one attempt of a form against its limit per client address (decision 0053); see `refuseOverLimit`. */
export function refuseAttemptOverLimit(db: Kysely<Database>, request: Request, limit: FormRateLimit) {
  return refuseOverLimit(db, clientAddress(request), limit)
}

/**
 * Counts one attempt of a form against its limit for `who` (an address, an account id) and, past
 * it, answers how to refuse it: the page shows the form again, with what was typed and a sentence
 * saying what happened and how long to wait, where it once threw the message away for an error page.
 */
export async function refuseOverLimit(db: Kysely<Database>, who: string | number, limit: FormRateLimit): Promise<RefusedAttempt | undefined> {
  const wait = await waitAfterAttempt(db, `${limit.name}:${who}`, limit)
  if (wait === undefined) return undefined
  return {
    message: `You have ${limit.did ?? 'sent'} ${limit.limit} ${limit.attempts} in the last ${formatDuration(limit.windowMs)}. Please wait ${formatDuration(wait)}, then ${limit.again} again. ${limit.kept ?? 'What you typed is kept below.'}`,
    init: { status: 429 },
  }
}
