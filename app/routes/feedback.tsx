import { databaseContext } from '~/http/database.server'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data, redirect, useActionData, useLoaderData } from 'react-router'
import { FormPage, accountPageMeta } from '~/components/account-page'
import { FeedbackForm } from '~/components/feedback-form'
import { Confirmation } from '~/components/form-field'
import { feedbackThanks } from '~/models/feedback/feedback-fields'
import { feedbackPaths } from '~/models/feedback/feedback-paths'
import { feedbackPageOrigin, receiveFeedback } from './feedback.server'
import { passRetryAfter } from '~/http/form-rate-limit.server'

/**
 * /feedback/: the feedback modal's form as a page (spec §4 feedback modal), where the footer's
 * 'Feedback' link leads without scripts. A post is kept and mailed to the site's team, then
 * answered with a thank-you (post/redirect/get), or with the form's messages.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return { isSent: new URL(request.url).searchParams.get('sent') === '1', pagePath: feedbackPageOrigin(request) }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const outcome = await receiveFeedback(context.get(databaseContext), request)
  if (outcome.isSent) return redirect(`${feedbackPaths.page}?sent=1`, 303)
  return data(outcome.result, outcome.init)
}

export const headers = passRetryAfter()

export const meta: MetaFunction = ({ matches }) =>
  accountPageMeta(matches, { title: 'Feedback', description: 'Tell our team what works, what does not, and what you miss.', canonicalPath: feedbackPaths.page })

export default function FeedbackPage() {
  const { isSent, pagePath } = useLoaderData<typeof loader>()
  return (
    <FormPage heading="Send us feedback">
      {isSent ? <Confirmation>{feedbackThanks}</Confirmation> : null}
      <FeedbackForm id="feedback-page-form" lastResult={useActionData<typeof action>()} pagePath={pagePath} />
    </FormPage>
  )
}
