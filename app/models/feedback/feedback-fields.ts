import { emailFormat, fieldConstraints, maxLength, required } from '~/models/forms/validation'

/**
 * The feedback form (spec §4 feedback modal): its spec §5 rules and what the page and the modal
 * need to draw it (its paths are in `feedback-paths.ts`), without zod (the browser imports this module with the modal);
 * `feedback-form.server.ts` builds the action's schema from these rules.
 */
export const feedbackFieldRules = {
  message: [required(), maxLength(2000)],
  email: [emailFormat(), maxLength(254)],
} as const

export const feedbackFormConstraints = { ...fieldConstraints(feedbackFieldRules), page: { required: false } }

export const feedbackThanks = 'Thank you for your feedback. Our team reads every message.'
