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
type ProposalNumber = 1 | 2 | 3
export const proposalFields = Array.from({ length: maxProposedTimes }, (_, index) => {
  const number = (index + 1) as ProposalNumber
  return { date: `date${number}`, time: `time${number}` } as const
})

const proposalConstraints = Object.fromEntries(
  proposalFields.flatMap(({ date, time }, index) => [
    [date, { required: index === 0 }],
    [time, { required: index === 0 }],
  ]),
) as Record<`date${ProposalNumber}` | `time${ProposalNumber}`, { required: boolean }>

export const visitFormConstraints = { ...fieldConstraints(visitFieldRules), ...proposalConstraints }

/** The seller's own time (a counter-proposal) on the inbox's form. */
export const counterFormConstraints = { date: { required: true }, time: { required: true } }
