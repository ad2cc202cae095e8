import { AccountPage } from '~/components/account-page'
import { emptyInboxText, LeadDigestForm, LeadFilters, LeadItem } from './lead-inbox'
import { QuietHoursForm } from './quiet-hours-form'
import { Confirmation } from '~/components/form-field'
import { Pagination } from '~/components/pagination'
import { allLeadsView, sellerLeadsCsvPath, sellerLeadsHref } from '~/models/sellers/seller-lead'
import { downloadLinkProps } from '~/models/analytics/page-analytics'
import type { Route } from './+types/route'
import { VisitRequests } from './visit-requests'

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`

export function LeadsInbox({ loaderData, actionData }: Route.ComponentProps) {
  const { view, listing, totalCount, unreadCount, leads, pagination, isDigestOn, isDigestSaved, quietHours, isQuietHoursSaved, repliedTo } = loaderData
  return (
    <AccountPage current="Leads" heading="Leads">
      {repliedTo ? <Confirmation>{`Your reply to ${repliedTo.name} was sent to ${repliedTo.email}.`}</Confirmation> : null}
      <div className="flex max-w-4xl flex-wrap items-center justify-between gap-4">
        <p className="text-ink/80">{unreadCount > 0 ? `${plural(unreadCount, 'unread lead', 'unread leads')}.` : 'No unread leads.'}</p>
        <a href={sellerLeadsCsvPath} className="font-semibold text-brand underline" {...downloadLinkProps('leads')}>
          Download CSV
        </a>
      </div>
      <VisitRequests {...loaderData.visitRequests} />
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <LeadFilters view={view} unreadCount={unreadCount} />
        {listing ? (
          <p className="text-sm">
            {`About ${listing.title} (${plural(totalCount, 'lead', 'leads')}) · `}
            <a href={sellerLeadsHref({ ...allLeadsView, unreadOnly: view.unreadOnly })} className="text-brand underline">
              Leads of every listing
            </a>
          </p>
        ) : null}
      </div>
      {leads.length > 0 ? (
        <ol className="mt-6 flex max-w-4xl flex-col gap-4">
          {leads.map((lead) => (
            <LeadItem key={lead.id} lead={lead} view={view} actionResult={actionData} />
          ))}
        </ol>
      ) : (
        <p className="mt-6 max-w-4xl rounded-lg border border-ink/15 bg-white p-6">{emptyInboxText(view)}</p>
      )}
      <Pagination {...pagination} />
      <LeadDigestForm isOn={isDigestOn} isSaved={isDigestSaved} />
      <QuietHoursForm quietHours={quietHours} isSaved={isQuietHoursSaved} actionResult={actionData} />
    </AccountPage>
  )
}
