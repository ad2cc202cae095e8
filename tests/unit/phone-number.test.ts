import { parseWithZod } from '@conform-to/zod'
import { describe, expect, test } from 'vitest'
import { DetailsSchema } from '~/models/accounts/account-forms'
import { checkPhoneNumber, twilioPhone } from '~/models/forms/phone-number.server'
import { maxLength, phoneFormat, validateField } from '~/models/forms/validation'
import { schemaForIntent } from '~/models/listings/listing-forms'
import { checkDraftStep } from '~/models/sellers/listing-draft-fields'
import { draftFieldRulesOnServer } from '~/models/sellers/listing-draft-rules.server'

// Spec §5 messages, quoted rather than imported so a changed message fails here.
const formatMessage = 'Please enter a validly formatted phone number.'
const numberMessage = 'Please enter a valid phone number.'

describe('checkPhoneNumber: North American numbering', () => {
  test('a number in service in the US, Canada or the Caribbean succeeds, written any way the format allows', () => {
    for (const [phone, e164] of [
      ['(512) 555-0123', '+15125550123'],
      ['512.555.0123', '+15125550123'],
      ['15125550123', '+15125550123'],
      ['+5125550123', '+15125550123'],
      ['416-555-0123', '+14165550123'],
      ['876 555 0123', '+18765550123'],
      ['800-555-0199', '+18005550199'],
    ]) {
      expect(checkPhoneNumber(phone!), phone).toEqual({ success: true, unableToValidate: false, phoneNumber: e164 })
    }
  })

  test('an area code or exchange not in service fails', () => {
    // No area code starts with 0 or 1, 911 and 555 are none, and no exchange starts with 1.
    for (const phone of ['111-555-0123', '011-555-0123', '911-555-0123', '555-555-0123', '512-111-0123', '512-155-0123']) {
      expect(checkPhoneNumber(phone), phone).toEqual({ success: false, unableToValidate: false, phoneNumber: null })
    }
  })

  test('a number of another length is no North American number: it cannot be validated, so it passes (spec §8)', () => {
    for (const phone of ['442-079-460958', '512-555-01234', '25125550123']) {
      expect(checkPhoneNumber(phone), phone).toEqual({ success: false, unableToValidate: true, phoneNumber: null })
    }
  })
})

describe('twilioPhone (spec §5)', () => {
  const rules = [phoneFormat(), maxLength(30), twilioPhone()]

  test('empty values pass, as for every rule but required', () => {
    for (const value of [undefined, null, '', '  ']) expect(twilioPhone()(value)).toBeUndefined()
  })

  test('after the format rule, a badly typed number reads the format’s message, a number not in service the rule’s', () => {
    expect(validateField('call me', rules)).toBe(formatMessage)
    expect(validateField('(512) 111-0123', rules)).toBe(numberMessage)
    expect(twilioPhone()('call me')).toBe(numberMessage)
    expect(validateField('(512) 555-0123', rules)).toBeUndefined()
    expect(validateField('442-079-460958', rules)).toBeUndefined()
  })

  test('every phone field’s server check has it: contact, finance and broker messages, account settings, the listing form', () => {
    const contact = { intent: 'contact', name: 'Pat Buyer', email: 'pat@example.com', message: 'Hello', phone: '512-111-0123' }
    expect(parseWithZod(new URLSearchParams(contact), { schema: schemaForIntent.contact }).reply().error?.phone).toEqual([numberMessage])
    const details = { intent: 'details', name: 'Pat Buyer', phone: '512-111-0123', phoneType: '1' }
    expect(parseWithZod(new URLSearchParams(details), { schema: DetailsSchema }).reply().error?.phone).toEqual([numberMessage])
    const draft = { title: 'Creek land', description: 'Forty acres with a creek.', contactPhone: '512-111-0123' }
    expect(checkDraftStep('description', draft, new Set(), draftFieldRulesOnServer).contactPhone).toEqual([numberMessage])
    // The browser's rules (the page's constraints) stop at the format.
    expect(checkDraftStep('description', draft, new Set()).contactPhone).toBeUndefined()
  })
})
