import type { SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { financeContactConstraints } from '~/models/finance/finance-contact'
import { honeypotField } from '~/models/listings/listing-form-fields'
import { FormErrors } from './account-page'
import { FormConnection } from './form-connection'
import { FormField, HoneypotField } from './form-field'
import { getFormProps, useServerForm } from './server-form'
import { useAccountContact } from '~/hooks/use-site'

interface FinanceContactFormProps {
  /** Where the form posts: the page of this center. */
  action: string
  lastResult: SubmissionResult<string[]> | undefined
}

const defaultMessage = 'I would like to learn about loan options for buying land.'

/**
 * A message to a lender from its page. A plain POST that works without scripts, checked on the
 * server (the listing contact form's rules). No finance checkbox: its label speaks of 'this
 * property' (spec §3), and here there is none; writing to a lender is asking about financing.
 */
export function FinanceContactForm({ action, lastResult }: FinanceContactFormProps) {
  const [form, fields] = useServerForm(financeContactConstraints, {
    id: 'finance-contact-form',
    lastResult,
    defaultValue: { ...useAccountContact(), message: defaultMessage },
  })
  return (
    <Form method="post" action={action} {...getFormProps(form)} preventScrollReset>
      <HoneypotField name={honeypotField} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <FormField field={fields.name} label="Full name" autoComplete="name" />
      <FormField field={fields.email} label="E-mail" type="email" autoComplete="email" />
      <FormField field={fields.phone} label="Phone" type="tel" autoComplete="tel" />
      <FormField field={fields.message} label="Message" multiline />
      <button type="submit" className="w-full rounded-md bg-brand px-4 py-2.5 font-semibold text-brand-contrast hover:bg-brand/90">
        Send message
      </button>
      <FormConnection formId={form.id} />
    </Form>
  )
}
