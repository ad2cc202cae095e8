import { AccountPage } from '~/components/account-page'
import { sellerPaths } from '~/models/sellers/listing-draft'
import { visitRequestsSectionId } from '~/models/visits/visit-paths'
import { VisitRequestItem } from '~/routes/account/leads/visit-requests'
import type { Route } from './+types/route'

export function SellerVisitPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountPage current="Leads" heading="Visit request">
      <ol className="max-w-4xl">
        <VisitRequestItem visit={loaderData.visit} now={loaderData.now} counterResult={actionData} />
      </ol>
      <p className="mt-6">
        <a href={`${sellerPaths.leads}#${visitRequestsSectionId}`} className="text-brand underline">
          All visit requests
        </a>
      </p>
    </AccountPage>
  )
}
