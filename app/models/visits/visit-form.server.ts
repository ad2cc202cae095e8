import { z } from 'zod'
import { twilioPhone } from '~/models/forms/phone-number.server'
import { zodField } from '~/models/forms/zod-field'
import { proposalFields, visitFieldRules, visitHorizonDays } from './visit-form-fields'
import { zonedInstant } from './visit-times'

/**
 * The visit forms' schemas, for the actions (server only): the buyer's request with its one to
 * three times, and the seller's own time. A time is typed in the listing's zone, and must be in
 * the future and within `visitHorizonDays`; `now` is the caller's, so tests choose the clock.
 */
const day = 24 * 60 * 60_000

export const visitTimeMessages = {
  none: 'Please propose at least one time.',
  half: 'Please enter both a date and a time.',
  malformed: 'Please enter the date as YYYY-MM-DD and the time as HH:MM.',
  nonexistent: 'The clocks skip that time that day. Please choose another time.',
  past: 'This time has passed. Please choose a time in the future.',
  tooFar: `Please choose a time within the next ${visitHorizonDays} days.`,
  duplicate: 'You proposed this time already.',
} as const

/** The instant a typed date and time name, or the message saying what is wrong with them. */
export function checkVisitTime(date: string, time: string, timeZone: string, now: Date): Date | string {
  const instant = zonedInstant(date, time, timeZone)
  if (instant === 'malformed') return visitTimeMessages.malformed
  if (instant === 'nonexistent') return visitTimeMessages.nonexistent
  if (instant.getTime() <= now.getTime()) return visitTimeMessages.past
  if (instant.getTime() > now.getTime() + visitHorizonDays * day) return visitTimeMessages.tooFar
  return instant
}

/** Reads one date/time pair into `times`, or adds its issue on the field at fault. */
function readProposal(
  raw: Record<string, unknown>,
  fields: { date: string; time: string },
  { timeZone, now, context, times }: { timeZone: string; now: Date; context: z.RefinementCtx; times: Date[] },
) {
  const text = (name: string) => (typeof raw[name] === 'string' ? raw[name].trim().slice(0, 10) : '')
  const [date, time] = [text(fields.date), text(fields.time)]
  if (!date && !time) return
  if (!date || !time) {
    context.addIssue({ code: z.ZodIssueCode.custom, path: [date ? fields.time : fields.date], message: visitTimeMessages.half })
    return
  }
  const instant = checkVisitTime(date, time, timeZone, now)
  if (typeof instant === 'string') context.addIssue({ code: z.ZodIssueCode.custom, path: [fields.date], message: instant })
  else if (times.some((other) => other.getTime() === instant.getTime()))
    context.addIssue({ code: z.ZodIssueCode.custom, path: [fields.date], message: visitTimeMessages.duplicate })
  else times.push(instant)
}

/**
 * Reads the proposals into `times` beside the other fields, adding their issues, so a form with a
 * bad name and a past time hears of both at once (an object's own refinements run only once its fields pass).
 */
function withProposals(proposalFieldsOf: readonly { date: string; time: string }[], timeZone: string, now: Date, noneMessage: string) {
  return (raw: unknown, context: z.RefinementCtx) => {
    const fields = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {}
    const times: Date[] = []
    const issues = context.addIssue
    let hasIssue = false
    const counting: z.RefinementCtx = { ...context, addIssue: (issue) => ((hasIssue = true), issues(issue)) }
    for (const pair of proposalFieldsOf) readProposal(fields, pair, { timeZone, now, context: counting, times })
    if (times.length === 0 && !hasIssue) context.addIssue({ code: z.ZodIssueCode.custom, path: [proposalFieldsOf[0]!.date], message: noneMessage })
    return { ...fields, times }
  }
}

// Never empty once valid: the proposals' own check reports a form without a time on its first field.
const times = z.array(z.date())

export function visitRequestSchema(timeZone: string, now: Date) {
  return z.preprocess(
    withProposals(proposalFields, timeZone, now, visitTimeMessages.none),
    z
      .object({
        name: zodField(visitFieldRules.name),
        email: zodField(visitFieldRules.email),
        phone: zodField([...visitFieldRules.phone, twilioPhone()]),
        message: zodField(visitFieldRules.message),
        times,
      })
      .transform((value) => ({ ...value, phone: value.phone ?? null, message: value.message ?? '' })),
  )
}

/** A visit request that passed validation. */
export type VisitRequestValue = z.output<ReturnType<typeof visitRequestSchema>>

/** The seller's counter-proposal: one date and time. */
export function counterTimeSchema(timeZone: string, now: Date) {
  return z.preprocess(
    withProposals([{ date: 'date', time: 'time' }], timeZone, now, 'Please enter a date and a time.'),
    z.object({ times }).transform((value) => value.times[0]!),
  )
}
