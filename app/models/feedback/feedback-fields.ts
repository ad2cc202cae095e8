import { emailFormat, fieldConstraints, maxLength, required } from '~/models/forms/validation'

/**
 * The feedback form (spec §4 feedback modal): its spec §5 rules and what the page and the modal
 * need to draw it, without zod (the browser imports this module with the modal);
 * `feedback-form.server.ts` builds the action's schema from these rules.
 */
export const feedbackPaths = {
  /** The form as a page: where the footer's link leads without scripts. */
  page: '/feedback/',
  /** Where the modal posts with scripts: the same checks, answered in JSON. */
  api: '/api/feedback',
} as const

export const feedbackFieldRules = {
  message: [required(), maxLength(2000)],
  email: [emailFormat(), maxLength(254)],
} as const

export const feedbackFormConstraints = { ...fieldConstraints(feedbackFieldRules), page: { required: false } }

export const feedbackThanks = 'Thank you for your feedback. Our team reads every message.'
