import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import {
  TextFlag,
  custom,
  emailFormat,
  fullName,
  maxLength,
  maxValue,
  minLength,
  minValue,
  multipleEmailsFormat,
  numeric,
  password,
  phoneFormat,
  required,
  textFlags,
  validateField,
  validateFields,
} from '~/models/forms/validation'
import { zodField } from '~/models/forms/zod-field'
import { accountFormConstraints } from '~/models/accounts/account-form-fields'
import * as accountForms from '~/models/accounts/account-forms'
import { financeContactConstraints } from '~/models/finance/finance-contact'
import { listingFormConstraints } from '~/models/listings/listing-form-fields'
import { schemaForIntent } from '~/models/listings/listing-forms'

// Spec §5 and §8 messages, quoted rather than imported so a changed message fails here.
const requiredMessage = 'This field is required.'
const fullNameMessage = 'Please enter valid full name.'
const numericMessage = 'Please enter a number.'
const emailMessage = 'Please enter an email address in a valid format.'
const emailsMessage = 'Please enter email addresses in a valid format, separated by commas.'
const phoneMessage = 'Please enter a validly formatted phone number.'
const passwordMessage = 'The password does not meet the requirements. Please try again.'

const emptyValues = [undefined, null, '', '   ', '\t\n', [], {}, false]

describe('required (spec §5)', () => {
  it('fails for missing, null, blank or whitespace text, an empty array or object, and false', () => {
    for (const value of emptyValues) expect(required()(value), JSON.stringify(value)).toBe(requiredMessage)
  })

  it('passes text, numbers including 0, true, and non-empty arrays and objects', () => {
    for (const value of ['a', ' a ', 0, 42, true, ['x'], { a: 1 }, new Date()]) expect(required()(value)).toBeUndefined()
  })
})

describe('empty values pass every rule except required (spec §5)', () => {
  const rules = {
    fullName: fullName(),
    numeric: numeric(),
    emailFormat: emailFormat(),
    multipleEmailsFormat: multipleEmailsFormat(),
    phoneFormat: phoneFormat(),
    minLength: minLength(3),
    maxLength: maxLength(0),
    minValue: minValue(5),
    maxValue: maxValue(-5),
    password: password(),
    textFlags: textFlags(7, 'No links.'),
    custom: custom('Never.', () => false),
  }
  for (const [name, rule] of Object.entries(rules)) {
    it(`${name} passes every empty value`, () => {
      for (const value of emptyValues) expect(rule(value), JSON.stringify(value)).toBeUndefined()
    })
  }
})

describe('fullName', () => {
  it('passes two or more words', () => {
    for (const value of ['Ann Lee', 'Mary Jane Smith', '  Ann Lee  ']) expect(fullName()(value)).toBeUndefined()
  })

  it('fails a single word, even with a space before or after it', () => {
    for (const value of ['Ann', 'Ann ', ' Ann']) expect(fullName()(value)).toBe(fullNameMessage)
  })
})

describe('numeric', () => {
  it('passes whole, negative and decimal numbers, as text or as numbers', () => {
    for (const value of ['12', '-3', '+4', '3.25', '.5', ' 7 ', 0, 2.5]) expect(numeric()(value)).toBeUndefined()
  })

  it('fails words, thousands separators, exponents, units and non-finite numbers', () => {
    for (const value of ['abc', '1,000', '1e3', '12 acres', '1.', '--1', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(numeric()(value), String(value)).toBe(numericMessage)
    }
  })
})

describe('emailFormat', () => {
  it('passes plain addresses, plus tags, dots, subdomains and surrounding spaces', () => {
    const valid = ['someone@example.com', 'first.last+land@mail.example.co.uk', 'a_b-c@sub-domain.example.org', ' x@y.io ']
    for (const value of valid) expect(emailFormat()(value), value).toBeUndefined()
  })

  it('fails addresses without an @, a domain dot or a top-level domain, or with spaces or double dots', () => {
    const invalid = [
      'someone',
      'someone@',
      '@example.com',
      'someone@example',
      'some one@example.com',
      'a..b@example.com',
      'a@example.c',
      'a@-example.com',
      'a@b@example.com',
    ]
    for (const value of invalid) expect(emailFormat()(value), value).toBe(emailMessage)
  })
})

describe('multipleEmailsFormat', () => {
  it('passes one address or several separated by commas, with spaces around them', () => {
    for (const value of ['a@example.com', 'a@example.com,b+tag@mail.example.com', ' a@example.com ,  b@example.org ']) {
      expect(multipleEmailsFormat()(value), value).toBeUndefined()
    }
  })

  it('fails an empty item, another separator, or any invalid address', () => {
    const invalid = [
      'a@example.com,',
      ',a@example.com',
      'a@example.com, ,b@example.com',
      'a@example.com; b@example.com',
      'a@example.com b@example.com',
      'a@example.com, nope',
    ]
    for (const value of invalid) expect(multipleEmailsFormat()(value), value).toBe(emailsMessage)
  })
})

describe('phoneFormat', () => {
  it('passes 3, 3 and 4 to 6 digits with an optional +, parentheses and one separator between groups', () => {
    const valid = [
      '5125550123',
      '512-555-0123',
      '512.555.0123',
      '512 555 0123',
      '(512) 555-0123',
      '(512)555-0123',
      '+5125550123',
      '+(512) 555 0123',
      '512-555-012345',
    ]
    for (const value of valid) expect(phoneFormat()(value), value).toBeUndefined()
  })

  it('fails a country code group, too few or too many digits, unbalanced parentheses, doubled separators and letters', () => {
    const invalid = [
      '+1 512 555 0123',
      '1 (512) 555-0123',
      '512-555-012',
      '512-555-0123456',
      '(512 555 0123',
      '512) 555 0123',
      '512--555-0123',
      '512-555-O123',
      '555-0123',
    ]
    for (const value of invalid) expect(phoneFormat()(value), value).toBe(phoneMessage)
  })
})

describe('length and value limits', () => {
  it('minLength and maxLength name their limit in characters', () => {
    expect(minLength(3)('ab')).toBe('This value must be at least 3 characters.')
    expect(minLength(3)('abc')).toBeUndefined()
    expect(maxLength(5)('abcdef')).toBe('This value must be at most 5 characters.')
    expect(maxLength(5)('abcde')).toBeUndefined()
  })

  it('minValue and maxValue compare numbers and include the limit itself', () => {
    expect(minValue(10)('9.99')).toBe('This value must be at least 10.')
    expect(minValue(10)('10')).toBeUndefined()
    expect(maxValue(100)(101)).toBe('This value must be at most 100.')
    expect(maxValue(100)('100')).toBeUndefined()
    expect(minValue(-5)('-5')).toBeUndefined()
  })

  it('minValue and maxValue fail text that is not a number', () => {
    expect(minValue(1)('lots')).toBe('This value must be at least 1.')
    expect(maxValue(1)('1,000')).toBe('This value must be at most 1.')
  })
})

describe('password (our rule: at least 12 characters, no composition rule)', () => {
  it('passes 12 or more characters, whatever they are', () => {
    for (const value of ['abcdefghijkl', 'Ranch 2025 spring', 'Ünïcode9Ünïc', 'no digits at all']) expect(password()(value), value).toBeUndefined()
  })

  it('fails shorter passwords with the §8 message, counting code points', () => {
    for (const value of ['abcdefghijk', 'Ranch 2025!', '🌾🌾🌾🌾🌾🌾']) expect(password()(value), value).toBe(passwordMessage)
  })
})

describe('textFlags', () => {
  const message = 'Please remove links, e-mail addresses and HTML.'
  const all = TextFlag.noHtml | TextFlag.noUrl | TextFlag.noEmail

  it('combines the three flags into 7', () => {
    expect(all).toBe(7)
  })

  it('noHtml catches tags and comments but not comparisons', () => {
    const rule = textFlags(TextFlag.noHtml, message)
    for (const value of ['a <b>bold</b> claim', 'end</p>', '<img src=x onerror=alert(1)>', 'x <!-- y']) expect(rule(value), value).toBe(message)
    for (const value of ['3 < 5 and 7 > 2', 'price <$5000', 'a@b.com']) expect(rule(value), value).toBeUndefined()
  })

  it('noUrl catches schemes, www. and bare domains but not e-mail addresses or decimals', () => {
    const rule = textFlags(TextFlag.noUrl, message)
    for (const value of ['see http://example.com', 'https://x.y/z', 'visit www.example.com today', 'go to example.com', 'Ranch.COM']) {
      expect(rule(value), value).toBe(message)
    }
    for (const value of ['write to someone@example.com', 'about 5.5 acres, approx. 20 min. to town']) expect(rule(value), value).toBeUndefined()
  })

  it('noEmail catches an address inside text', () => {
    const rule = textFlags(TextFlag.noEmail, message)
    expect(rule('email someone@example.com for a tour')).toBe(message)
    expect(rule('call (512) 555-0123 at example.com')).toBeUndefined()
  })

  it('all flags together report the caller message for any of them', () => {
    const rule = textFlags(all, message)
    for (const value of ['<b>hi</b>', 'http://x.com', 'someone@example.com']) expect(rule(value)).toBe(message)
    expect(rule('Forty acres of pasture with a creek.')).toBeUndefined()
  })
})

describe('custom', () => {
  it('reports its message when the check fails and passes empty values without calling it', () => {
    const rule = custom('Must be even.', (value) => Number(value) % 2 === 0)
    expect(rule('3')).toBe('Must be even.')
    expect(rule('4')).toBeUndefined()
    expect(
      custom('x', () => {
        throw new Error('called')
      })(''),
    ).toBeUndefined()
  })
})

describe('validateField and validateFields (spec §5)', () => {
  it('reports the first failing message and runs no rule after it', () => {
    let calls = 0
    const counted = custom('Counted.', () => {
      calls += 1
      return false
    })
    expect(validateField('x', [minLength(3), counted, numeric()])).toBe('This value must be at least 3 characters.')
    expect(calls).toBe(0)
    expect(validateField('xyz', [minLength(3), counted, numeric()])).toBe('Counted.')
    expect(calls).toBe(1)
  })

  it('checks the length limit first: text longer than the field takes meets no other rule (issue 33)', () => {
    let checked = 0
    const pattern = custom('No pattern.', () => {
      checked += 1
      return false
    })
    expect(validateField('a'.repeat(2001), [required(), pattern, maxLength(2000)])).toBe('This value must be at most 2000 characters.')
    expect(validateField('pat@example', [emailFormat(), maxLength(254)])).toBe(emailMessage)
    expect(validateField(`${'a'.repeat(250)}@example`, [emailFormat(), maxLength(254)])).toBe('This value must be at most 254 characters.')
    expect(checked).toBe(0)
  })

  it('passes when no rule fails', () => {
    expect(validateField('Ann Lee', [required(), fullName(), maxLength(100)])).toBeUndefined()
  })

  it('checks every field and answers only the failing ones', () => {
    const errors = validateFields(
      { name: 'Ann', email: 'ann@example.com', phone: '12' },
      { name: [required(), fullName()], email: [required(), emailFormat()], phone: [phoneFormat()], notes: [required()] },
    )
    expect(errors).toEqual({ name: fullNameMessage, phone: phoneMessage, notes: requiredMessage })
  })
})

describe('zodField with conform parseWithZod', () => {
  const ContactSchema = z.object({
    name: zodField([required(), fullName(), maxLength(100)]),
    email: zodField([required(), emailFormat()]),
    copyTo: zodField([multipleEmailsFormat()]),
    phone: zodField([phoneFormat()]),
    acres: zodField([numeric(), minValue(1), maxValue(100000)]),
    message: zodField([required(), textFlags(TextFlag.noUrl | TextFlag.noEmail, 'Please keep contact details out of the message.')]),
    password: zodField([required(), password()], { trim: false }),
  })

  function formData(entries: Record<string, string>) {
    const data = new FormData()
    for (const [name, value] of Object.entries(entries)) data.append(name, value)
    return data
  }

  function errorsOf(entries: Record<string, string>) {
    const submission = parseWithZod(formData(entries), { schema: ContactSchema })
    if (submission.status === 'success') throw new Error('expected the submission to fail')
    return submission.error
  }

  it('reports exactly one spec message per bad field, including required for empty inputs', () => {
    const errors = errorsOf({
      name: 'Ann',
      email: '',
      copyTo: 'a@example.com,',
      phone: '+1 512 555 0123',
      acres: 'ten',
      message: 'see www.example.com',
      password: 'short1',
    })
    expect(errors).toEqual({
      name: [fullNameMessage],
      email: [requiredMessage],
      copyTo: [emailsMessage],
      phone: [phoneMessage],
      acres: [numericMessage],
      message: ['Please keep contact details out of the message.'],
      password: [passwordMessage],
    })
  })

  it('reports required for a field missing from the form and for whitespace-only text', () => {
    const errors = errorsOf({ name: '   ' })
    expect(errors).toEqual({ name: [requiredMessage], email: [requiredMessage], message: [requiredMessage], password: [requiredMessage] })
  })

  it('parses a good form to trimmed values, leaving empty optional fields undefined and the password as typed', () => {
    const submission = parseWithZod(
      formData({
        name: '  Ann Lee ',
        email: ' ann+land@mail.example.com ',
        copyTo: '',
        phone: ' (512) 555-0123 ',
        acres: ' 40.5 ',
        message: ' Is the creek year-round? ',
        password: ' secret-creek-123 ',
      }),
      { schema: ContactSchema },
    )
    expect(submission.status).toBe('success')
    if (submission.status !== 'success') return
    expect(submission.value).toEqual({
      name: 'Ann Lee',
      email: 'ann+land@mail.example.com',
      phone: '(512) 555-0123',
      acres: '40.5',
      message: 'Is the creek year-round?',
      password: ' secret-creek-123 ',
    })
  })

  it('types required fields as strings and the others as optional strings', () => {
    type Contact = z.infer<typeof ContactSchema>
    expectTypeOf<Contact['name']>().toEqualTypeOf<string>()
    expectTypeOf<Contact['phone']>().toEqualTypeOf<string | undefined>()
  })

  it('gives the HTML constraints of its rules to getZodConstraint', () => {
    const constraint = getZodConstraint(ContactSchema)
    expect(constraint.name).toEqual({ required: true, maxLength: 100 })
    expect(constraint.phone).toEqual({ required: false })
  })
})

describe('form constraints in the browser (no zod there)', () => {
  // The required/maxlength attributes the pages draw come from the rules, not the schemas: they
  // must be what conform reads off the actions' schemas.
  it('equal getZodConstraint of each form schema', () => {
    for (const intent of ['contact', 'report', 'share'] as const) {
      expect(listingFormConstraints[intent]).toEqual(getZodConstraint(schemaForIntent[intent]))
    }
    // The lender's page asks no 'about this property' question (routes/financing.server.ts omits it too).
    expect(financeContactConstraints).toEqual(getZodConstraint(schemaForIntent.contact.omit({ intent: true, wantsFinancing: true })))
    const schemaFor = {
      login: accountForms.LoginSchema,
      signup: accountForms.SignupSchema,
      forgotPassword: accountForms.ForgotPasswordSchema,
      resetPassword: accountForms.ResetPasswordSchema,
      details: accountForms.DetailsSchema,
      changePassword: accountForms.ChangePasswordSchema,
      updateSavedSearch: accountForms.UpdateSavedSearchSchema,
    } satisfies Record<keyof typeof accountFormConstraints, unknown>
    for (const [form, schema] of Object.entries(schemaFor)) {
      expect(accountFormConstraints[form as keyof typeof schemaFor], form).toEqual(getZodConstraint(schema))
    }
  })
})
