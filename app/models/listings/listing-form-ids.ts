/**
 * What a page needs to link to the listing page's forms (issue 6) without loading them: their
 * intents and section ids. The forms' rules are in `listing-form-fields.ts`, which loads with the forms.
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
