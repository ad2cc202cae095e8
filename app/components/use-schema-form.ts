import { type DefaultValue, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import type { z } from 'zod'

/**
 * A conform form checked by `schema` in the browser and shown with the server's answer
 * (`lastResult`) after a post without scripts. Messages appear after the first submit, then
 * follow typing, so nothing moves under the pointer on its way to the next field.
 */
export function useSchemaForm<Schema extends z.ZodTypeAny>(
  schema: Schema,
  { id, lastResult, defaultValue }: { id: string; lastResult: SubmissionResult<string[]> | undefined; defaultValue?: DefaultValue<z.input<Schema>> },
) {
  return useForm<z.input<Schema>>({
    id,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
}
