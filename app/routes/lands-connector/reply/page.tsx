import { FormErrors, FormPage } from '~/components/account-page'
import { Confirmation, FormField, submitButtonStyle } from '~/components/form-field'
import { getFormProps, useServerForm } from '~/components/server-form'
import { replyConstraints } from '~/models/connector/land-request-fields'
import { useSite } from '~/hooks/use-site'
import type { Route } from './+types/route'

export function LandRequestReply({ loaderData: page, actionData: lastResult }: Route.ComponentProps) {
  const [form, fields] = useServerForm(replyConstraints, { id: 'land-request-reply', lastResult })
  const site = useSite()
  if (page.isExpired) {
    return (
      <FormPage heading="This reply link has expired">
        <p>{page.message}</p>
      </FormPage>
    )
  }
  const { buyerName, requestText, professionalName, professionalEmail, isSent } = page
  return (
    <FormPage heading={`Answer ${buyerName}`}>
      {isSent ? <Confirmation>{`Your answer is on its way to ${buyerName}. Their reply will come to ${professionalEmail}.`}</Confirmation> : null}
      <section aria-labelledby="land-request-heading" className="mb-6 rounded-lg border border-ink/15 bg-white p-4">
        <h2 id="land-request-heading" className="mb-2 font-semibold">{`${buyerName} is looking for`}</h2>
        <p className="whitespace-pre-line break-words text-sm">{requestText}</p>
      </section>
      <form method="post" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <FormField
          field={fields.message}
          label="Your answer"
          multiline
          hint={`${site.name} e-mails it to ${buyerName} from ${professionalName}, with ${professionalEmail} to reply to. You will have their e-mail address when they answer.`}
        />
        <button type="submit" className={submitButtonStyle}>
          Send my answer
        </button>
      </form>
    </FormPage>
  )
}
