import { z } from 'zod'
import { zodField } from '~/models/forms/zod-field'
import { activityOptions, keysOf, propertyTypeOptions } from '~/models/search/search-options'
import { type FinancingKey, type TimelineKey, financingOptions, timelineOptions } from './land-request'
import { placeRows, replyFieldRules, landRequestFieldRules as rules } from './land-request-fields'

/**
 * The Lands Connector form's schema, for the action (server only), from the rules of
 * `land-request-fields.ts`; messages are spec §5's. The typed places are looked up afterwards,
 * against the gazetteer (`land-request-places.server.ts`).
 */
const choiceMessage = 'Please choose one of the options.'
const checkbox = z.preprocess((value) => value === 'on', z.boolean())
const number = (field: z.ZodType<string | undefined, z.ZodTypeDef, unknown>) => field.transform((value) => (value === undefined ? null : Number(value)))
/** Ticked option keys; a key the form never offered (a forged post) is dropped. */
const optionKeys = <Key extends string>(keys: readonly Key[]) =>
  z
    .preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.string()))
    .transform((values) => keys.filter((key) => values.includes(key)))
const enumOf = <Key extends string>(keys: readonly Key[]) => z.enum(keys as [Key, ...Key[]], { errorMap: () => ({ message: choiceMessage }) })

const rowFields = Object.fromEntries(
  placeRows.flatMap((row) => [
    [row.state, z.string().optional()],
    [row.place, zodField(rules.place)],
  ]),
) as Record<string, z.ZodType<string | undefined, z.ZodTypeDef, unknown>>

/** A lower bound above the upper one is reported on the upper one, in the spec's words for it. */
function orderedBounds(context: z.RefinementCtx, min: number | null, max: number | null, maxField: string) {
  if (min !== null && max !== null && max > 0 && min > max) {
    context.addIssue({ code: z.ZodIssueCode.custom, path: [maxField], message: `This value must be at least ${min}.` })
  }
}

export const LandRequestSchema = z
  .object({
    ...rowFields,
    acresMin: number(zodField(rules.acresMin)),
    acresMax: number(zodField(rules.acresMax)),
    priceMin: number(zodField(rules.priceMin)),
    priceMax: number(zodField(rules.priceMax)),
    propertyTypes: optionKeys(keysOf(propertyTypeOptions)),
    activityTypes: optionKeys(keysOf(activityOptions)),
    financing: enumOf<FinancingKey>(keysOf(financingOptions)),
    timeline: enumOf<TimelineKey>(keysOf(timelineOptions)),
    message: zodField(rules.message),
    phone: zodField(rules.phone),
    shareContact: checkbox,
  })
  .superRefine((value, context) => {
    const fields = value as Record<string, unknown>
    placeRows.forEach((row) => {
      if (fields[row.place] !== undefined && fields[row.state] === undefined) {
        context.addIssue({ code: z.ZodIssueCode.custom, path: [row.state], message: 'Please choose the state of this place.' })
      }
    })
    if (placeRows.every((row) => fields[row.state] === undefined)) {
      context.addIssue({ code: z.ZodIssueCode.custom, path: [placeRows[0]!.state], message: 'Please choose at least one state.' })
    }
    orderedBounds(context, value.acresMin, value.acresMax, 'acresMax')
    orderedBounds(context, value.priceMin, value.priceMax, 'priceMax')
  })
  .transform(({ acresMin, acresMax, priceMin, priceMax, propertyTypes, activityTypes, financing, timeline, message, phone, shareContact, ...rowValues }) => {
    const typed = rowValues as Record<string, string | undefined>
    return {
      /** The rows with a state, each with its field names (a place that is not found is reported on its row). */
      places: placeRows.flatMap((row) => {
        const state = typed[row.state]
        return state === undefined ? [] : [{ row, state, typedPlace: typed[row.place] }]
      }),
      acresMin,
      acresMax,
      priceMin,
      priceMax,
      propertyTypes,
      activityTypes,
      financing,
      timeline,
      message,
      phone: phone ?? null,
      shareContact,
    }
  })

export type LandRequestSubmission = z.output<typeof LandRequestSchema>

export const LandRequestReplySchema = z.object({ message: zodField(replyFieldRules.message) })
