import { checkPhoneNumber } from '~/models/forms/phone-number.server'
import { maxLength, phoneFormat, validateField } from '~/models/forms/validation'
import { apiCall, apiJson, badRequest, methodNotAllowed } from './api.server'

/**
 * Spec §7 GET /api/validation/validatePhoneNumber/{phone}: `{ success, unableToValidate,
 * phoneNumber }` for a number in the spec §5 format (the `twilioPhone` rule's server check); a
 * number the format rule refuses is a 400 with that rule's message.
 */
export const loader = apiCall({ name: 'validatephone', limit: 30, windowMs: 60_000 }, async ({ params }) => {
  const phone = (params.phone ?? '').trim()
  const formatMessage = validateField(phone, [phoneFormat(), maxLength(30)])
  if (formatMessage) badRequest(formatMessage)
  return apiJson(checkPhoneNumber(phone))
})

export const action = methodNotAllowed
