import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import { type Rule, custom, phoneFormat } from './validation'

/**
 * Spec §5 `twilioPhone` and §7 GET /api/validation/validatePhoneNumber: after the format check, a
 * real check of North American numbering (area code and exchange in service, from libphonenumber's
 * metadata; decision 0022). Server only: the metadata is 157 KB, beyond any page's budget.
 */
export interface PhoneNumberCheck {
  /** A North American number in service: what the form keeps. */
  success: boolean
  /** Not a North American number (other lengths), so nothing to check it against: it passes (spec §8). */
  unableToValidate: boolean
  /** '+15125550123' when it is a valid number. */
  phoneNumber: string | null
}

export const invalidPhoneNumberMessage = 'Please enter a valid phone number.'

/** Checks a phone number that passed `phoneFormat()`: ten digits, or eleven starting with 1, are North American. */
export function checkPhoneNumber(phone: string): PhoneNumberCheck {
  const digits = phone.replace(/\D/g, '')
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits
  if (national.length !== 10) return { success: false, unableToValidate: true, phoneNumber: null }
  const parsed = parsePhoneNumberFromString(`+1${national}`)
  const success = parsed?.isValid() === true
  return { success, unableToValidate: false, phoneNumber: success ? parsed!.number : null }
}

/**
 * Spec §5 `twilioPhone`: the format, then the numbering check; it passes when the check could not
 * validate the number. Put after `phoneFormat()` in a field's rules, so a badly typed number reads
 * the format's message first.
 */
export function twilioPhone(): Rule {
  return custom(invalidPhoneNumberMessage, (value) => {
    const phone = String(value).trim()
    if (phoneFormat()(phone) !== undefined) return false
    const check = checkPhoneNumber(phone)
    return check.success || check.unableToValidate
  })
}
