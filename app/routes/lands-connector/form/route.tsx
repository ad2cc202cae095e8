import { AccountPage, accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { LandRequestForm } from './land-request-form'
import { landRequestEditPath, landRequestPath, landsConnectorPaths } from '~/models/connector/land-request'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import { passRetryAfter } from '~/http/form-rate-limit.server'
import { useSite } from '~/hooks/use-site'
import { handleLandRequestFormPost, loadLandRequestForm } from './page.server'
import type { Route } from './+types/route'

/** /lands-connector/new/ and /lands-connector/{id}/edit/ (issue 17 item 2): describe the land you want, or change what you asked. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadLandRequestForm(context.get(databaseContext), siteFromRequest(request), request, params.requestId)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleLandRequestFormPost(context.get(databaseContext), siteFromRequest(request), request, params.requestId)
}

export const headers = passRetryAfter(privatePageHeaders)

export const meta: Route.MetaFunction = ({ matches, data }) =>
  accountPageMeta(
    matches,
    data?.requestId
      ? { title: 'Change your land request', description: 'Change the land you asked for.', canonicalPath: landRequestEditPath(data.requestId) }
      : { title: 'Describe the land you want', description: 'Tell land professionals what land you want.', canonicalPath: landsConnectorPaths.newRequest },
  )

export default function LandRequestFormPage({ loaderData: { requestId, states, values, isFull }, actionData: lastResult }: Route.ComponentProps) {
  const site = useSite()
  const isNew = requestId === null
  return (
    <AccountPage current="Lands Connector" heading={isNew ? 'Describe the land you want' : 'Change your land request'}>
      {isFull ? (
        <p className="max-w-3xl rounded-lg border border-ink/15 bg-white p-5">
          {'You have as many land requests as one account keeps. '}
          <a href={landsConnectorPaths.home} className="font-semibold text-brand underline">
            Delete one of them
          </a>
          {' to describe another.'}
        </p>
      ) : (
        <LandRequestForm
          action={isNew ? landsConnectorPaths.newRequest : landRequestEditPath(requestId)}
          states={states}
          values={values}
          lastResult={lastResult}
          submitLabel={isNew ? 'Send my request' : 'Save changes'}
          cancelHref={isNew ? landsConnectorPaths.home : landRequestPath(requestId)}
          siteName={site.name}
        />
      )}
    </AccountPage>
  )
}
