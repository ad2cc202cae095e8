import type { Route } from './+types/unsubscribe'
import { databaseContext } from '~/http/database.server'
import { Confirmation, submitButtonStyle } from '~/components/form-field'
import { FormPage, accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { accountPaths } from '~/models/accounts/account-paths'
import { handleUnsubscribe, loadUnsubscribe } from './unsubscribe.server'

/** An instant alert's unsubscribe link (decision 0071): a page that asks, and a button that posts. */
export function loader({ request, params }: Route.LoaderArgs) {
  return loadUnsubscribe(request, params.token)
}

export function action({ request, params, context }: Route.ActionArgs) {
  return handleUnsubscribe(context.get(databaseContext), request, params.token)
}

export const headers = privatePageHeaders

export const meta: Route.MetaFunction = ({ matches, location }) =>
  accountPageMeta(matches, { title: 'Stop instant alerts', description: 'Stop the instant e-mail alerts.', canonicalPath: location.pathname })

export default function Unsubscribe({ loaderData: { isValid, isStopped } }: Route.ComponentProps) {
  return (
    <FormPage heading="Stop instant alerts">
      {!isValid ? (
        <p role="alert" className="mb-4">
          This unsubscribe link is not valid. Please use the link of a recent alert, or change your alerts on the{' '}
          <a href={accountPaths.savedSearches} className="text-brand underline">
            Saved Searches
          </a>{' '}
          page.
        </p>
      ) : isStopped ? (
        <Confirmation>You will get no more instant alerts. Your saved searches and favorites are kept.</Confirmation>
      ) : (
        <form method="post">
          <p className="mb-4">Stop the instant e-mails about your saved searches and favorites? Your saved searches and favorites are kept.</p>
          <button type="submit" className={submitButtonStyle}>
            Stop instant alerts
          </button>
        </form>
      )}
      <p className="mt-4 text-sm">
        You can turn alerts on again on your{' '}
        <a href={accountPaths.savedSearches} className="text-brand underline">
          Saved Searches
        </a>{' '}
        and{' '}
        <a href={accountPaths.favorites} className="text-brand underline">
          Favorites
        </a>{' '}
        pages.
      </p>
    </FormPage>
  )
}
