import { contactFieldConstraints } from '~/models/listings/listing-form-fields'

/**
 * The finance page's contact form: the listing contact form's fields and spec §5 rules (full
 * name, e-mail, phone, message), without the listing page's intent and finance checkbox; its
 * schema is in `routes/financing.server.ts` (no zod in the browser).
 */
const { wantsFinancing: _listingFinanceCheckbox, ...financeContactFields } = contactFieldConstraints
export const financeContactConstraints = financeContactFields

/** The page section holding the form; the confirmation after a post returns to it. */
export const financeContactSectionId = 'finance-contact'
