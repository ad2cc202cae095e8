import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'
import type { z } from 'zod'
import type { FinanceCenter } from '~/models/finance-centers.server'
import { FinanceContactSchema } from '~/models/finance-contact'
import { honeypotField } from '~/models/listing-forms'
import { FormField, HoneypotField } from './form-field'

interface FinanceContactFormProps {
  center: FinanceCenter
  /** Where the form posts: the page of this center. */
  action: string
  lastResult: SubmissionResult<string[]> | undefined
}

const defaultMessage = 'I would like to learn about loan options for buying land.'

/**
 * A message to a lender (spec §3 finance center settings: the finance checkbox carries the center's
 * label and default state). A plain POST that works without scripts, checked by the same schema
 * in the browser and on the server.
 */
export function FinanceContactForm({ center, action, lastResult }: FinanceContactFormProps) {
  const [form, fields] = useForm<z.input<typeof FinanceContactSchema>>({
    id: 'finance-contact-form',
    lastResult,
    defaultValue: { message: defaultMessage, wantsFinancing: center.checkboxDefaultState ? 'on' : undefined },
    constraint: getZodConstraint(FinanceContactSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: FinanceContactSchema }),
    // As on the listing forms: messages after the first submit, then updated while typing.
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  return (
    <Form method="post" action={action} {...getFormProps(form)} preventScrollReset>
      <HoneypotField name={honeypotField} />
      <FormField field={fields.name} label="Full name" autoComplete="name" />
      <FormField field={fields.email} label="E-mail" type="email" autoComplete="email" />
      <FormField field={fields.phone} label="Phone" type="tel" autoComplete="tel" />
      <FormField field={fields.message} label="Message" multiline />
      <label className="mb-4 flex items-start gap-2">
        <input {...getInputProps(fields.wantsFinancing, { type: 'checkbox' })} className="mt-1 h-4 w-4 accent-brand" />
        <span>{center.checkboxLabel}</span>
      </label>
      <button type="submit" className="w-full rounded-md bg-brand px-4 py-2.5 font-semibold text-brand-contrast hover:bg-brand/90">
        Send message
      </button>
    </Form>
  )
}
