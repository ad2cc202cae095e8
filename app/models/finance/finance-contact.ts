import { contactFieldConstraints } from '~/models/listings/listing-form-fields'

/**
 * The finance page's contact form: the listing contact form's fields and spec §5 rules (full
 * name, e-mail, phone, message, the finance checkbox), without the listing page's intent; its
 * schema is in `finance-contact.server.ts` (no zod in the browser).
 */
export const financeContactConstraints = contactFieldConstraints

/** The page section holding the form; the confirmation after a post returns to it. */
export const financeContactSectionId = 'finance-contact'
