import { z } from 'zod'
import { savedSearchNotifyOptions } from './saved-search'
import { emailFormat, fullName, maxLength, password, phoneFormat, required, zodField } from './validation'

/**
 * The account forms (login, sign up, forgot and reset password, settings, saved searches): one
 * schema each, used by the actions and, through conform, by the browser. Messages are spec §5's.
 */
export const passwordRequirements = 'At least 8 characters, with at least one letter and one digit.'
const passwordMismatchMessage = 'The passwords do not match. Please type the same password twice.'

const email = zodField([required(), emailFormat(), maxLength(254)])
// Passwords are checked as typed: a space at either end is part of the password.
const newPassword = zodField([required(), password(), maxLength(200)], { trim: false })
const confirmation = zodField([required(), maxLength(200)], { trim: false })
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
  password: zodField([required(), maxLength(200)], { trim: false }),
})

export const SignupSchema = withMatchingPasswords(
  z.object({
    name: zodField([required(), fullName(), maxLength(100)]),
    email,
    password: newPassword,
    confirmPassword: confirmation,
    newsletter: checkbox,
  }),
)

export const ForgotPasswordSchema = z.object({ email })

export const ResetPasswordSchema = withMatchingPasswords(z.object({ password: newPassword, confirmPassword: confirmation }))

/** Spec §3 phone types: office (the default), mobile, toll free. */
export const phoneTypeOptions = [
  { value: 1, label: 'Office' },
  { value: 2, label: 'Mobile' },
  { value: 3, label: 'Toll free' },
] as const

export const DetailsSchema = z.object({
  intent: z.literal('details'),
  name: zodField([required(), fullName(), maxLength(100)]),
  phone: zodField([phoneFormat(), maxLength(30)]),
  phoneType: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2), z.literal(3)])),
  newsletter: checkbox,
})

export const ChangePasswordSchema = withMatchingPasswords(
  z.object({
    intent: z.literal('password'),
    currentPassword: zodField([required(), maxLength(200)], { trim: false }),
    password: newPassword,
    confirmPassword: confirmation,
  }),
)

export const UpdateSavedSearchSchema = z.object({
  intent: z.literal('update'),
  id: z.coerce.number().int().positive(),
  name: zodField([required(), maxLength(100)]),
  notify: z.enum(savedSearchNotifyOptions, { errorMap: () => ({ message: 'Please choose one of the options.' }) }),
})
