import { z } from 'zod'
import { savedSearchNotifyOptions } from './saved-search'
import { accountFieldRules as rules, phoneTypeOptions } from './account-form-fields'
import { twilioPhone } from '~/models/forms/phone-number.server'
import { notCommonPassword } from './common-passwords.server'
import { zodField } from '~/models/forms/zod-field'

/**
 * The account forms (login, sign up, forgot and reset password, settings, saved searches): one
 * schema each, for the actions (server only), from the rules of `account-form-fields.ts`.
 * Messages are spec §5's; the phone is also checked with §5 `twilioPhone`, a new password against
 * the common-password list.
 */
const passwordMismatchMessage = 'The passwords do not match. Please type the same password twice.'

const email = zodField(rules.email)
// Passwords are checked as typed: a space at either end is part of the password. A new password is
// also looked up in the common-password list, here on the server only (its size stays out of the browser).
const newPassword = zodField([...rules.newPassword, notCommonPassword()], { trim: false })
const confirmation = zodField(rules.confirmation, { trim: false })
// Optional: an unticked box sends nothing, and the browser must not insist on a tick.
const checkbox = z.preprocess((value) => value === 'on', z.boolean().optional())

function withMatchingPasswords<Shape extends { password: typeof newPassword; confirmPassword: typeof confirmation }>(schema: z.ZodObject<Shape>) {
  return schema.superRefine((value, context) => {
    const { password: first, confirmPassword: second } = value as { password?: string; confirmPassword?: string }
    if (first !== undefined && second !== undefined && first !== second) {
      context.addIssue({ code: z.ZodIssueCode.custom, path: ['confirmPassword'], message: passwordMismatchMessage })
    }
  })
}

export const LoginSchema = z.object({
  email,
  password: zodField(rules.currentPassword, { trim: false }),
})

export const SignupSchema = withMatchingPasswords(
  z.object({
    name: zodField(rules.fullName),
    email,
    password: newPassword,
    confirmPassword: confirmation,
    newsletter: checkbox,
  }),
)

export const ForgotPasswordSchema = z.object({ email })

export const ResetPasswordSchema = withMatchingPasswords(z.object({ password: newPassword, confirmPassword: confirmation }))

export const DetailsSchema = z.object({
  intent: z.literal('details'),
  name: zodField(rules.fullName),
  phone: zodField([...rules.phone, twilioPhone()]),
  // Office when absent (spec §3's default): the select always sends a choice, so HTML's `required` would add nothing and
  // is invalid on a select without an empty first option.
  phoneType: z.coerce
    .number()
    .refine((phoneType) => phoneTypeOptions.some((option) => option.value === phoneType))
    .optional()
    .transform((phoneType) => phoneType ?? phoneTypeOptions[0].value),
  newsletter: checkbox,
})

export const ChangePasswordSchema = withMatchingPasswords(
  z.object({
    intent: z.literal('password'),
    currentPassword: zodField(rules.currentPassword, { trim: false }),
    password: newPassword,
    confirmPassword: confirmation,
  }),
)

export const UpdateSavedSearchSchema = z.object({
  intent: z.literal('update'),
  id: z.coerce.number().int().positive(),
  name: zodField(rules.searchName),
  notify: z.enum(savedSearchNotifyOptions, { errorMap: () => ({ message: 'Please choose one of the options.' }) }),
})
