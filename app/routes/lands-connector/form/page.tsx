import { AccountPage } from '~/components/account-page'
import { LandRequestForm } from './land-request-form'
import { landRequestEditPath, landRequestPath, landsConnectorPaths } from '~/models/connector/land-request'
import { useSite } from '~/hooks/use-site'
import type { Route } from './+types/route'

export function LandRequestFormPage({ loaderData: { requestId, states, values, isFull }, actionData: lastResult }: Route.ComponentProps) {
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
