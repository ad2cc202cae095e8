import { z } from 'zod'
import {
  TextFlag,
  custom,
  emailFormat,
  fullName,
  maxLength,
  multipleEmailsFormat,
  phoneFormat,
  required,
  textFlags,
  zodField,
} from './validation'

/**
 * The listing page's forms (issue 6): contact the seller, report the listing, send it to a
 * friend. One schema each, used by the action and, through conform, by the browser.
 */
export const listingFormIntents = ['contact', 'report', 'share'] as const
export type ListingFormIntent = (typeof listingFormIntents)[number]

/** The page section (a modal with scripts) that holds each form; confirmations return to it. */
export const listingFormSectionIds: Record<ListingFormIntent, string> = {
  contact: 'contact-seller',
  report: 'report-listing',
  share: 'share-listing',
}

/** The hidden field people never fill in; bots filling every field give themselves away. */
export const honeypotField = 'website'

const noLinksMessage = 'Please remove links, e-mail addresses and HTML from this text.'
const plainText = textFlags(TextFlag.noHtml | TextFlag.noUrl | TextFlag.noEmail, noLinksMessage)

export const ContactSchema = z.object({
  intent: z.literal('contact'),
  name: zodField([required(), fullName(), maxLength(100), plainText]),
  email: zodField([required(), emailFormat(), maxLength(254)]),
  phone: zodField([phoneFormat(), maxLength(30)]),
  message: zodField([required(), maxLength(2000), plainText]),
  wantsFinancing: z.preprocess((value) => value === 'on', z.boolean()),
})

/** A contact form that passed validation: the message a seller receives. */
export type ContactMessage = Omit<z.output<typeof ContactSchema>, 'intent'>

export const reportReasons = [
  { key: 'sold', label: 'It is sold or no longer available' },
  { key: 'incorrect', label: 'The price, acreage or location is wrong' },
  { key: 'duplicate', label: 'It is a duplicate of another listing' },
  { key: 'fraud', label: 'It looks like a scam' },
  { key: 'offensive', label: 'It has offensive photos or text' },
  { key: 'other', label: 'Something else' },
] as const

const reportReasonKeys = reportReasons.map((reason) => reason.key) as string[]

export const ReportSchema = z.object({
  intent: z.literal('report'),
  reason: zodField([required(), custom('Please choose a reason from the list.', (value) => reportReasonKeys.includes(String(value)))]),
  details: zodField([maxLength(1000), textFlags(TextFlag.noHtml, 'Please remove HTML from this text.')]),
  email: zodField([emailFormat(), maxLength(254)]),
})

export const maxShareRecipients = 5

export const ShareSchema = z.object({
  intent: z.literal('share'),
  recipients: zodField([
    required(),
    multipleEmailsFormat(),
    maxLength(600),
    custom(`Please enter at most ${maxShareRecipients} e-mail addresses.`, (value) => String(value).split(',').length <= maxShareRecipients),
  ]),
  senderName: zodField([required(), maxLength(100), plainText]),
  message: zodField([maxLength(500), plainText]),
})

export const schemaForIntent = { contact: ContactSchema, report: ReportSchema, share: ShareSchema } as const
