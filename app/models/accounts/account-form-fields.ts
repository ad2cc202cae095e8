import { savedSearchNotifyOptions } from './saved-search'
import { emailFormat, fieldConstraints, fullName, maxLength, password, phoneFormat, required } from '~/models/forms/validation'

/**
 * The account forms' text fields (login, sign up, forgot and reset password, settings, saved
 * searches): spec §5 rules and what the pages need to draw them, without zod: the browser imports
 * this module. `account-forms.ts` builds the actions' schemas from these rules.
 */
export const passwordRequirements = 'At least 12 characters; a phrase of a few words works well. Very common passwords are refused.'

/** Spec §3 phone types: office (the default), mobile, toll free. */
export const phoneTypeOptions = [
  { value: 1, label: 'Office' },
  { value: 2, label: 'Mobile' },
  { value: 3, label: 'Toll free' },
] as const

export const accountFieldRules = {
  email: [required(), emailFormat(), maxLength(254)],
  // Passwords are checked as typed (zodField `trim: false`): a space at either end is part of the password.
  currentPassword: [required(), maxLength(200)],
  newPassword: [required(), password(), maxLength(200)],
  confirmation: [required(), maxLength(200)],
  fullName: [required(), fullName(), maxLength(100)],
  phone: [phoneFormat(), maxLength(30)],
  searchName: [required(), maxLength(100)],
} as const

const field = fieldConstraints(accountFieldRules)
const intent = { required: true }
// An unticked box sends nothing, and the browser must not insist on a tick.
const checkbox = { required: false }

/** Each form's HTML constraints, as conform's `getZodConstraint` reads them off the schemas. */
export const accountFormConstraints = {
  login: { email: field.email, password: field.currentPassword },
  signup: { name: field.fullName, email: field.email, password: field.newPassword, confirmPassword: field.confirmation, newsletter: checkbox },
  forgotPassword: { email: field.email },
  resetPassword: { password: field.newPassword, confirmPassword: field.confirmation },
  details: { intent, name: field.fullName, phone: field.phone, phoneType: { required: false }, newsletter: checkbox },
  changePassword: { intent, currentPassword: field.currentPassword, password: field.newPassword, confirmPassword: field.confirmation },
  updateSavedSearch: { intent, id: { required: true, min: 0 }, name: field.searchName, notify: { required: true, pattern: savedSearchNotifyOptions.join('|') } },
}
