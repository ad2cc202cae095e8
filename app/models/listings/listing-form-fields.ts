import type { ListingFormIntent } from './listing-form-ids'
import {
  TextFlag,
  custom,
  emailFormat,
  fieldConstraints,
  fullName,
  maxLength,
  multipleEmailsFormat,
  phoneFormat,
  required,
  textFlags,
} from '~/models/forms/validation'

export { type ListingFormIntent, honeypotField, listingFormIntents, listingFormSectionIds } from './listing-form-ids'

/**
 * The listing page's forms (issue 6): contact the seller, report the listing, send it to a
 * friend. Their fields' spec §5 rules and what the page needs to draw them, without zod: the
 * browser imports this module with the forms. `listing-forms.ts` builds the actions' schemas from these rules.
 */

const noLinksMessage = 'Please remove links, e-mail addresses and HTML from this text.'
export const plainText = textFlags(TextFlag.noHtml | TextFlag.noUrl | TextFlag.noEmail, noLinksMessage)

export const contactFieldRules = {
  name: [required(), fullName(), maxLength(100), plainText],
  email: [required(), emailFormat(), maxLength(254)],
  phone: [phoneFormat(), maxLength(30)],
  message: [required(), maxLength(2000), plainText],
} as const

export const reportReasons = [
  { key: 'sold', label: 'It is sold or no longer available' },
  { key: 'incorrect', label: 'The price, acreage or location is wrong' },
  { key: 'duplicate', label: 'It is a duplicate of another listing' },
  { key: 'fraud', label: 'It looks like a scam (report a scam)' },
  { key: 'offensive', label: 'It has offensive photos or text' },
  { key: 'other', label: 'Something else' },
] as const

const reportReasonKeys = reportReasons.map((reason) => reason.key) as string[]

export const reportFieldRules = {
  reason: [required(), custom('Please choose a reason from the list.', (value) => reportReasonKeys.includes(String(value)))],
  details: [maxLength(1000), textFlags(TextFlag.noHtml, 'Please remove HTML from this text.')],
  email: [emailFormat(), maxLength(254)],
} as const

export const maxShareRecipients = 5

export const shareFieldRules = {
  recipients: [
    required(),
    multipleEmailsFormat(),
    maxLength(600),
    custom(`Please enter at most ${maxShareRecipients} e-mail addresses.`, (value) => String(value).split(',').length <= maxShareRecipients),
  ],
  senderName: [required(), maxLength(100), plainText],
  message: [maxLength(500), plainText],
} as const

// The intent (a hidden input) and the finance checkbox are required in the schemas' eyes too.
const intent = { required: true }

/** The forms' HTML constraints, as conform's `getZodConstraint` reads them off the schemas. */
// The finance checkbox is a choice, never a requirement: unticked is a valid answer.
export const contactFieldConstraints = { ...fieldConstraints(contactFieldRules), wantsFinancing: { required: false } }
export const listingFormConstraints = {
  contact: { intent, ...contactFieldConstraints },
  report: { intent, ...fieldConstraints(reportFieldRules) },
  share: { intent, ...fieldConstraints(shareFieldRules) },
} satisfies Record<ListingFormIntent, unknown>
