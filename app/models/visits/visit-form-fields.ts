import { contactFieldRules, plainText } from '~/models/listings/listing-form-fields'
import { fieldConstraints, maxLength } from '~/models/forms/validation'

/**
 * The visit request form (issue 38 item 3): who asks, and one to three proposed times as date and
 * time inputs (which work without scripts). The rules the browser also needs; the action's schema
 * (`visit-form.server.ts`) adds the checks of the times themselves.
 */
export const visitFieldRules = {
  name: contactFieldRules.name,
  email: contactFieldRules.email,
  phone: contactFieldRules.phone,
  message: [maxLength(1000), plainText],
} as const

export const maxProposedTimes = 3
/** How far ahead a visit may be proposed. */
export const visitHorizonDays = 90

/** The date and time inputs of the proposals: date1/time1 … date3/time3. */
export const proposalFields = Array.from({ length: maxProposedTimes }, (_, index) => ({ date: `date${index + 1}`, time: `time${index + 1}` }) as const)

const proposalConstraints = Object.fromEntries(
  proposalFields.flatMap(({ date, time }, index) => [
    [date, { required: index === 0 }],
    [time, { required: index === 0 }],
  ]),
) as Record<`date${1 | 2 | 3}` | `time${1 | 2 | 3}`, { required: boolean }>

export const visitFormConstraints = { ...fieldConstraints(visitFieldRules), ...proposalConstraints }

/** The seller's own time (a counter-proposal) on the inbox's form. */
export const counterFormConstraints = { date: { required: true }, time: { required: true } }
