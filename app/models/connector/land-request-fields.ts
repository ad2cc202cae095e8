import {
  type FieldConstraint,
  TextFlag,
  fieldConstraints,
  maxLength,
  maxValue,
  minValue,
  numeric,
  phoneFormat,
  required,
  textFlags,
} from '~/models/forms/validation'

/**
 * The Lands Connector form's fields: spec §5 rules and what the page needs to draw them, without
 * zod (the browser imports this module; `land-request-form.ts` builds the action's schema).
 */

/** Rows of the places picker: a state, and a county, region or city typed in it (none: the whole state). */
export const placeRowCount = 5
type PlaceFieldName = `state${number}` | `place${number}`
export const placeRows = Array.from(
  { length: placeRowCount },
  (_, index) => ({ state: `state${index + 1}`, place: `place${index + 1}` }) as const satisfies Record<'state' | 'place', PlaceFieldName>,
)

export const messageFlagsText =
  'Please leave links, e-mail addresses and HTML out of your message: land professionals answer through the site, or at the e-mail address you choose to share.'

const acres = [numeric(), minValue(0), maxValue(10_000_000)]
const dollars = [numeric(), minValue(0), maxValue(10_000_000_000)]

export const landRequestFieldRules = {
  place: [maxLength(100)],
  acresMin: acres,
  acresMax: acres,
  priceMin: dollars,
  priceMax: dollars,
  // The message reaches professionals before the buyer agrees to share an address: it must not carry one.
  message: [required(), maxLength(2000), textFlags(TextFlag.noHtml | TextFlag.noUrl | TextFlag.noEmail, messageFlagsText)],
  phone: [phoneFormat(), maxLength(30)],
} as const

const field = fieldConstraints(landRequestFieldRules)
const choice = { required: true }
const optional = { required: false }

/** The form's HTML constraints, as conform's `getZodConstraint` reads them off the schema. */
export const landRequestConstraints = Object.assign(
  Object.fromEntries(
    placeRows.flatMap((row) => [
      [row.state, optional],
      [row.place, field.place],
    ]),
  ) as Record<PlaceFieldName, FieldConstraint>,
  {
    acresMin: field.acresMin,
    acresMax: field.acresMax,
    priceMin: field.priceMin,
    priceMax: field.priceMax,
    propertyTypes: optional,
    activityTypes: optional,
    financing: choice,
    timeline: choice,
    message: field.message,
    phone: field.phone,
    shareContact: optional,
  },
)

/** The relay's form: a land professional's answer to a request. */
export const replyFieldRules = { message: [required(), maxLength(2000), textFlags(TextFlag.noHtml, 'Please leave HTML out of your reply.')] } as const

export const replyConstraints = fieldConstraints(replyFieldRules)
