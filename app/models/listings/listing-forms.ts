import { z } from 'zod'
import { contactFieldRules, reportFieldRules, shareFieldRules } from './listing-form-fields'
import { twilioPhone } from '~/models/forms/phone-number.server'
import { zodField } from '~/models/forms/zod-field'

/**
 * The listing page's forms' schemas (issue 6), for the actions: the rules of
 * `listing-form-fields.ts` as zod schemas, one per form, the phone also checked with spec §5
 * `twilioPhone`. Server only (the browser gets no zod).
 */
export const ContactSchema = z.object({
  intent: z.literal('contact'),
  name: zodField(contactFieldRules.name),
  email: zodField(contactFieldRules.email),
  phone: zodField([...contactFieldRules.phone, twilioPhone()]),
  message: zodField(contactFieldRules.message),
  wantsFinancing: z.preprocess((value) => value === 'on', z.boolean()).optional(),
})

/** A contact form that passed validation: the message a seller receives. */
export type ContactMessage = Omit<z.output<typeof ContactSchema>, 'intent'>

const ReportSchema = z.object({
  intent: z.literal('report'),
  reason: zodField(reportFieldRules.reason),
  details: zodField(reportFieldRules.details),
  email: zodField(reportFieldRules.email),
})

const ShareSchema = z.object({
  intent: z.literal('share'),
  recipients: zodField(shareFieldRules.recipients),
  senderName: zodField(shareFieldRules.senderName),
  message: zodField(shareFieldRules.message),
})

export const schemaForIntent = { contact: ContactSchema, report: ReportSchema, share: ShareSchema } as const

/** A listing form's valid submission, whichever form. */
export type ListingFormValue = z.output<(typeof schemaForIntent)[keyof typeof schemaForIntent]>
