import { type DefaultValue, type SubmissionResult, useForm } from '@conform-to/react'
import type { FieldConstraint } from '~/models/validation'

/**
 * A conform form checked by its action on the server (the same spec §5 messages with scripts or
 * without), shown with the server's answer (`lastResult`). The browser runs no schema: zod stays
 * on the server, which keeps it out of the page's JavaScript. `constraint` gives the fields'
 * required/maxlength attributes (the `*-form-fields.ts` modules).
 */
export function useServerForm<Constraint extends Record<string, FieldConstraint & { min?: number; pattern?: string }>>(
  constraint: Constraint,
  { id, lastResult, defaultValue }: { id: string; lastResult: SubmissionResult<string[]> | undefined; defaultValue?: DefaultValue<Record<keyof Constraint & string, unknown>> },
) {
  // No onValidate: a submit goes to the action; no revalidation while typing (that would post).
  return useForm<Record<keyof Constraint & string, unknown>>({ id, lastResult, defaultValue, constraint, shouldValidate: 'onSubmit', shouldRevalidate: 'onSubmit' })
}
