import { z } from 'zod'
import { type FieldConstraint, type RequiredRule, type Rule, validateField } from './validation'

/** Spec §5 rules (`validation.ts`) as zod schemas for conform's `parseWithZod` in actions; server and tests only, never the browser. */
type FieldValue<FieldRules extends readonly Rule[]> = [Extract<FieldRules[number], RequiredRule>] extends [never] ? string | undefined : string
type FieldSchema<FieldRules extends readonly Rule[]> = z.ZodType<FieldValue<FieldRules>, z.ZodTypeDef, unknown>

/**
 * A zod schema for one text form field: trims the text (blank becomes undefined), runs the rules
 * and reports only the first failing message. Its value is a string when `required()` is among
 * the rules, else string or undefined. The rules' required/minLength/maxLength also reach
 * `getZodConstraint` (and `fieldConstraints`), through a final string schema that never fails once the rules have passed.
 */
export function zodField<const FieldRules extends readonly Rule[]>(rules: FieldRules, options: { trim?: boolean } = {}) {
  const trim = options.trim ?? true
  const constraint: FieldConstraint = Object.assign({}, ...rules.map((rule) => rule.constraint))
  let text = z.string()
  if (constraint.minLength !== undefined) text = text.min(constraint.minLength)
  if (constraint.maxLength !== undefined) text = text.max(constraint.maxLength)
  return z
    .any()
    .transform((value: unknown) => {
      if (typeof value !== 'string') return value
      if (value.trim() === '') return undefined
      return trim ? value.trim() : value
    })
    .superRefine((value, context) => {
      const message = validateField(value, rules)
      if (message !== undefined) context.addIssue({ code: z.ZodIssueCode.custom, message })
    })
    .pipe(constraint.required ? text : text.optional()) as unknown as FieldSchema<FieldRules>
}
