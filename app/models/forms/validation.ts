/**
 * Field validation of spec §5, shared by server actions and browser checks (no server imports).
 *
 * A rule returns its spec message on failure and `undefined` on success. Empty values (missing,
 * null, blank text, false, an empty array or object) pass every rule except `required()`.
 * A field's length limit is checked first, then its other rules in their order, and the first
 * failing one's message is reported: no pattern runs on text longer than the field takes (issue
 * 33). `validateFields` checks every field; `fieldConstraints` gives the HTML attributes of a form's fields. No zod here: the
 * browser imports this module (`zod-field.ts` wraps rules in zod schemas for the server).
 *
 * Not here: §5 `twilioPhone` (format, then a check of the number's numbering) needs the server's
 * numbering data: `phone-number.server.ts`, which the forms' server schemas add after `phoneFormat()`.
 */
import { containsEmail, containsLink } from './contacts-in-text'

/** What a rule tells the HTML form (via conform's `getZodConstraint`), besides checking a value. */
export type FieldConstraint = { required?: boolean; minLength?: number; maxLength?: number }
export type Rule = ((value: unknown) => string | undefined) & { readonly constraint?: FieldConstraint }
export type RequiredRule = Rule & { readonly constraint: { readonly required: true } }

const messages = {
  required: 'This field is required.',
  fullName: 'Please enter valid full name.',
  numeric: 'Please enter a number.',
  emailFormat: 'Please enter an email address in a valid format.',
  multipleEmailsFormat: 'Please enter email addresses in a valid format, separated by commas.',
  phoneFormat: 'Please enter a validly formatted phone number.',
  minLength: (length: number) => `This value must be at least ${length} characters.`,
  maxLength: (length: number) => `This value must be at most ${length} characters.`,
  minValue: (limit: number) => `This value must be at least ${limit}.`,
  maxValue: (limit: number) => `This value must be at most ${limit}.`,
  password: 'The password does not meet the requirements. Please try again.',
}

const emailPattern = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/
// §5: optional +, optional (balanced) parentheses, 3 + 3 + 4–6 digits, one optional separator between groups.
// There is no country-code group: '+5125550123' passes, '+1 512 555 0123' does not.
const phonePattern = /^\+?(?:\(\d{3}\)|\d{3})[-. ]?\d{3}[-. ]?\d{4,6}$/
// Plain decimal notation only: no thousands separators, no exponent.
const numberPattern = /^[-+]?(?:\d+(?:\.\d+)?|\.\d+)$/
const htmlInTextPattern = /<\/?[a-z][^<>]*>|<!--/i

/** §5 text field flags; combine with `|` (all three = 7). */
export const TextFlag = { noHtml: 1, noUrl: 2, noEmail: 4 } as const

function isEmpty(value: unknown) {
  if (value === undefined || value === null || value === false) return true
  if (typeof value === 'string') return value.trim() === ''
  if (Array.isArray(value)) return value.length === 0
  if (typeof value === 'object') {
    const prototype = Object.getPrototypeOf(value)
    return (prototype === Object.prototype || prototype === null) && Object.keys(value).length === 0
  }
  return false
}

function toNumber(value: unknown) {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  const text = String(value).trim()
  return numberPattern.test(text) ? Number(text) : undefined
}

/** A rule that skips empty values and otherwise fails with `message` unless `isValid`. */
function unlessEmpty(message: string, isValid: (value: unknown) => boolean, constraint?: FieldConstraint): Rule {
  return Object.assign((value: unknown) => (isEmpty(value) || isValid(value) ? undefined : message), { constraint })
}

/** Fails for undefined, null, blank or whitespace text, an empty array or object, and false. */
export function required(): RequiredRule {
  const constraint = { required: true } as const
  return Object.assign((value: unknown) => (isEmpty(value) ? messages.required : undefined), { constraint })
}

/** A full name has a space between two words ('Ann Lee'; 'Ann' and 'Ann ' fail). */
export function fullName() {
  return unlessEmpty(messages.fullName, (value) => /\S\s+\S/.test(String(value).trim()))
}

export function numeric() {
  return unlessEmpty(messages.numeric, (value) => toNumber(value) !== undefined)
}

export function emailFormat() {
  return unlessEmpty(messages.emailFormat, (value) => emailPattern.test(String(value).trim()))
}

/** Comma-separated addresses, each trimmed; an empty item ('a@b.com,' or 'a@b.com, ,c@d.com') fails. */
export function multipleEmailsFormat() {
  return unlessEmpty(messages.multipleEmailsFormat, (value) =>
    String(value)
      .split(',')
      .every((address) => emailPattern.test(address.trim())),
  )
}

export function phoneFormat() {
  return unlessEmpty(messages.phoneFormat, (value) => phonePattern.test(String(value).trim()))
}

/** Counts the value as given, in UTF-16 units, like the HTML minlength attribute. */
export function minLength(length: number) {
  return unlessEmpty(messages.minLength(length), (value) => String(value).length >= length, { minLength: length })
}

/** Counts the value as given, in UTF-16 units, like the HTML maxlength attribute. */
export function maxLength(length: number) {
  return unlessEmpty(messages.maxLength(length), (value) => String(value).length <= length, { maxLength: length })
}

/** A value that is not a number also fails, so a forgotten `numeric()` cannot let text through. */
export function minValue(limit: number) {
  return unlessEmpty(messages.minValue(limit), (value) => (toNumber(value) ?? Number.NaN) >= limit)
}

/** A value that is not a number also fails, so a forgotten `numeric()` cannot let text through. */
export function maxValue(limit: number) {
  return unlessEmpty(messages.maxValue(limit), (value) => (toNumber(value) ?? Number.NaN) <= limit)
}

/**
 * §5/§8 give only the message; our rule (issue 33, NIST SP 800-63B): at least 12 characters,
 * counted as code points (an emoji is one), and no composition rule. The value is checked as given (not trimmed): use
 * `zodField(rules, { trim: false })`.
 */
export const minimumPasswordLength = 12

export function password() {
  return unlessEmpty(messages.password, (value) => [...String(value)].length >= minimumPasswordLength)
}

/**
 * A password on a list of known ones fails with the §8 password message. The caller holds the list
 * (`isListed`): the common-password list is server-only, too big for the browser's scripts.
 */
export function notListedPassword(isListed: (password: string) => boolean) {
  return unlessEmpty(messages.password, (value) => !isListed(String(value)))
}

/**
 * §5 text field flags with a caller-supplied message. noHtml: a tag such as `<b>` or `</p>`, or
 * a comment. noUrl: a scheme (`http://`), `www.`, or a bare domain with a common top-level domain
 * (`example.com`); an e-mail address is not a URL. noEmail: an address anywhere in the text.
 */
export function textFlags(flags: number, message: string) {
  return unlessEmpty(message, (value) => {
    const text = String(value)
    if (flags & TextFlag.noHtml && htmlInTextPattern.test(text)) return false
    if (flags & TextFlag.noUrl && containsLink(text)) return false
    if (flags & TextFlag.noEmail && containsEmail(text)) return false
    return true
  })
}

/** A caller's own rule; like every rule but `required()`, it is skipped for empty values. */
export function custom(message: string, check: (value: unknown) => boolean) {
  return unlessEmpty(message, check)
}

const isLengthLimit = (rule: Rule) => rule.constraint?.maxLength !== undefined

/**
 * The first failing rule's message: the length limit is tried first, so a value longer than the
 * field takes gets the length message and meets no pattern; then the others in their order.
 */
export function validateField(value: unknown, rules: readonly Rule[]) {
  for (const rule of [...rules.filter(isLengthLimit), ...rules.filter((rule) => !isLengthLimit(rule))]) {
    const message = rule(value)
    if (message !== undefined) return message
  }
  return undefined
}

/** Checks every field; the answer holds a message for each failing field only. */
export function validateFields<Field extends string>(values: Partial<Record<Field, unknown>>, rulesByField: Record<Field, readonly Rule[]>) {
  const errors: Partial<Record<Field, string>> = {}
  for (const field of Object.keys(rulesByField) as Field[]) {
    const message = validateField(values[field], rulesByField[field])
    if (message !== undefined) errors[field] = message
  }
  return errors
}

/**
 * The HTML attributes (required, minlength, maxlength) of each field, from its rules: what conform's
 * `constraint` option takes, equal to `getZodConstraint` of the field's `zodField` schema.
 */
export function fieldConstraints<Field extends string>(rulesByField: Record<Field, readonly Rule[]>) {
  const constraints = {} as Record<Field, FieldConstraint>
  for (const field of Object.keys(rulesByField) as Field[]) {
    const constraint: FieldConstraint = Object.assign({}, ...rulesByField[field].map((rule) => rule.constraint))
    constraints[field] = { ...constraint, required: constraint.required ?? false }
  }
  return constraints
}
