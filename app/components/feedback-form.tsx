import type { SubmissionResult } from '@conform-to/react'
import type { FormEvent } from 'react'
import { feedbackFormConstraints } from '~/models/feedback/feedback-fields'
import { feedbackPaths } from '~/models/feedback/feedback-paths'
import { honeypotField } from '~/models/listings/listing-form-ids'
import { useAccountContact } from '~/hooks/use-site'
import { FormErrors } from './account-page'
import { FormField, HoneypotField, submitButtonStyle } from './form-field'
import { getFormProps, useServerForm } from './server-form'

interface FeedbackFormProps {
  id: string
  lastResult: SubmissionResult<string[]> | undefined
  /** The page the feedback is about, sent along. */
  pagePath: string
  /** With scripts (the modal): sends the form itself; without, the form posts to the feedback page. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void
  isSending?: boolean
}

/** The feedback form (spec §4), the same on its page and in its modal. */
export function FeedbackForm({ id, lastResult, pagePath, onSubmit, isSending = false }: FeedbackFormProps) {
  const [form, fields] = useServerForm(feedbackFormConstraints, { id, lastResult, defaultValue: { email: useAccountContact().email } })
  return (
    <form method="post" action={feedbackPaths.page} {...getFormProps(form)} onSubmit={onSubmit}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="page" value={pagePath} />
      <HoneypotField name={honeypotField} />
      <FormField field={fields.message} label="Your feedback" multiline hint="What works, what does not, what you miss." />
      <FormField field={fields.email} label="E-mail" type="email" autoComplete="email" hint="If you would like an answer." />
      <button type="submit" disabled={isSending} className={`${submitButtonStyle} disabled:opacity-60`}>
        Send feedback
      </button>
    </form>
  )
}
