import { AccountPage, secondaryButtonStyle } from '~/components/account-page'
import { Confirmation, submitButtonStyle } from '~/components/form-field'
import { LandRequestDetails } from './land-request-summary'
import { landRequestEditPath, landRequestPath, landsConnectorPaths } from '~/models/connector/land-request'
import { formatCount } from '~/utils/format'
import type { Route } from './+types/route'

export function LandsConnector({ loaderData: { requests, canAddRequest, isDeleted } }: Route.ComponentProps) {
  return (
    <AccountPage current="Lands Connector" heading="Lands Connector">
      {isDeleted ? <Confirmation>Your land request is deleted, and withdrawn from the land professionals who had it.</Confirmation> : null}
      <p className="max-w-3xl text-ink/80">
        Describe the land you want. We show the listings that match it now, e-mail you new ones each week, and pass it to up to five land professionals who work
        where you are looking, so they can tell you about land before it is listed.
      </p>
      {canAddRequest ? (
        <p className="mt-4">
          <a href={landsConnectorPaths.newRequest} className={`inline-block ${submitButtonStyle} small:w-auto`}>
            Describe the land you want
          </a>
        </p>
      ) : (
        <p className="mt-4 text-ink/80">You have as many land requests as one account keeps: delete one to describe another.</p>
      )}
      {requests.length > 0 ? (
        <ul className="mt-6 grid max-w-4xl gap-4">
          {requests.map((landRequest) => (
            <li key={landRequest.id} className="rounded-xl border border-ink/15 bg-white p-5">
              <h2 className="text-lg font-semibold">
                <a href={landRequestPath(landRequest.id)} className="text-brand underline">
                  {landRequest.title}
                </a>
              </h2>
              <p className="mb-3 text-sm text-ink/80">{`${formatCount(landRequest.matchCount, 'listing matches', 'listings match')} it now.`}</p>
              <LandRequestDetails details={landRequest.details} />
              <div className="mt-3 flex flex-wrap gap-3">
                <a href={landRequestPath(landRequest.id)} className={secondaryButtonStyle}>
                  See the matches<span className="sr-only">{` for ${landRequest.title}`}</span>
                </a>
                <a href={landRequestEditPath(landRequest.id)} className={secondaryButtonStyle}>
                  Change it<span className="sr-only">{`: ${landRequest.title}`}</span>
                </a>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </AccountPage>
  )
}
