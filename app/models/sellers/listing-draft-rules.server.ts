import { twilioPhone } from '~/models/forms/phone-number.server'
import { type DraftFieldRules, draftFieldRules } from './listing-draft-fields'

/** The listing form's rules as the server checks them: the contact phone also by spec §5 `twilioPhone`. */
export const draftFieldRulesOnServer: DraftFieldRules = {
  ...draftFieldRules,
  description: { ...draftFieldRules.description, contactPhone: [...draftFieldRules.description.contactPhone, twilioPhone()] },
}
