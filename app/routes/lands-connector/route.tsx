import { AccountPage, accountPageMeta, privatePageHeaders, secondaryButtonStyle } from '~/components/account-page'
import { Confirmation, submitButtonStyle } from '~/components/form-field'
import { LandRequestDetails } from './land-request-summary'
import { landRequestEditPath, landRequestPath, landsConnectorPaths, landsConnectorSectionName } from '~/models/connector/land-request'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import { formatCount } from '~/utils/format'
import { loadLandRequests } from './page.server'
import type { Route } from './+types/route'

/**
 * /lands-connector/ (spec §2 shared route, login required; issue 17 item 2): the land requests a
 * buyer sent on this site, each with the listings that match it now, and the way to describe another.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadLandRequests(context.get(databaseContext), siteFromRequest(request), request)
}

export const headers = privatePageHeaders

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, {
    title: landsConnectorSectionName,
    description: 'Describe the land you want: we show what matches now, e-mail new matches and pass it to land professionals who work there.',
    canonicalPath: landsConnectorPaths.home,
  })

export default function LandsConnector({ loaderData: { requests, canAddRequest, isDeleted } }: Route.ComponentProps) {
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
