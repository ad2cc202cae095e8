import { secondaryButtonStyle } from '~/components/account-page'
import { Confirmation } from '~/components/form-field'
import { sellerPaths } from '~/models/sellers/listing-draft'
import { type LeadInboxView, leadDigestSectionId, leadElementId, leadKindLabels, leadReplyHref, sellerLeadsHref } from '~/models/sellers/seller-lead'
import { formatAcres, formatLongDate, formatPrice } from '~/utils/format'
import { telHref } from '~/utils/tel-href'
import { type InboxLead, LeadAnswerStatus, type LeadFormResult, LeadReply } from './lead-reply'

const linkStyle = 'font-semibold text-brand underline'

/** All or Unread, keeping the listing the inbox is narrowed to; the current one is marked for screen readers. */
export function LeadFilters({ view, unreadCount }: { view: LeadInboxView; unreadCount: number }) {
  const filters = [
    { label: 'All', unreadOnly: false },
    { label: `Unread (${unreadCount.toLocaleString('en-US')})`, unreadOnly: true },
  ]
  return (
    <nav aria-label="Show leads">
      <ul className="flex flex-wrap gap-2 text-sm font-semibold">
        {filters.map((filter) => (
          <li key={filter.label}>
            <a
              href={sellerLeadsHref({ ...view, unreadOnly: filter.unreadOnly, page: 1 })}
              aria-current={filter.unreadOnly === view.unreadOnly ? 'page' : undefined}
              className="inline-block rounded-md border border-ink/20 bg-white px-3 py-1.5 hover:border-brand aria-[current=page]:border-brand aria-[current=page]:bg-brand/10"
            >
              {filter.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/**
 * One buyer's message, in full, with how long it has waited, ways to answer it (a reply from the
 * inbox, e-mail, phone) and forms that mark it and come back to the same view of the inbox.
 */
export function LeadItem({ lead, view, actionResult }: { lead: InboxLead; view: LeadInboxView; actionResult: LeadFormResult | undefined }) {
  const headingId = `${leadElementId(lead.id)}-heading`
  return (
    <li id={leadElementId(lead.id)}>
      <article aria-labelledby={headingId} className={`rounded-xl border p-5 ${lead.isRead ? 'border-ink/15 bg-white' : 'border-brand bg-brand/5'}`}>
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id={headingId} className="text-lg font-semibold">
            {lead.name}
            {lead.isRead ? null : <span className="ml-2 rounded-full bg-brand px-2 py-0.5 align-middle text-xs font-semibold text-brand-contrast">Unread</span>}
          </h2>
          <p className="text-sm text-ink/70">
            <time dateTime={lead.receivedAt}>{formatLongDate(lead.receivedAt)}</time>
            {` · ${leadKindLabels[lead.kind]} on ${lead.siteName}`}
          </p>
        </div>
        <LeadAnswerStatus lead={lead} />
        {lead.listing ? (
          <p className="mt-1 text-sm">
            {'About '}
            <a href={lead.listing.url} className={linkStyle}>
              {lead.listing.title}
            </a>
            {` · ${formatAcres(lead.listing.acres)} · ${formatPrice(lead.listing.price)} · `}
            <a href={sellerLeadsHref({ ...view, listingId: lead.listing.id, page: 1 })} className="text-brand underline">
              Leads about this listing
            </a>
          </p>
        ) : null}
        <p className="mt-3 whitespace-pre-line break-words">{lead.message}</p>
        {lead.wantsFinancing ? <p className="mt-2 text-sm font-semibold text-brand">Wants financing information</p> : null}
        {lead.replyUrl ? <p className="mt-2 text-sm text-ink/80">The buyer has not shared their e-mail address: you will have it when they answer you.</p> : null}
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
          {lead.email ? (
            <a href={leadReplyHref({ ...lead, email: lead.email })} className={secondaryButtonStyle}>
              {`Reply by e-mail to ${lead.email}`}
            </a>
          ) : null}
          {lead.replyUrl ? (
            <a href={lead.replyUrl} className={secondaryButtonStyle}>
              {`Reply through ${lead.siteName}`}
              <span className="sr-only">{` to ${lead.name}`}</span>
            </a>
          ) : null}
          {lead.phone ? (
            <a href={telHref(lead.phone)} className={linkStyle}>
              {`Call ${lead.phone}`}
            </a>
          ) : null}
          <form method="post" action={sellerLeadsHref(view)}>
            <input type="hidden" name="intent" value={lead.isRead ? 'unread' : 'read'} />
            <input type="hidden" name="leadId" value={lead.id} />
            <button type="submit" className="text-sm font-semibold text-brand underline">
              {lead.isRead ? 'Mark as unread' : 'Mark as read'}
              <span className="sr-only">{`: the message from ${lead.name}`}</span>
            </button>
          </form>
        </div>
        <LeadReply lead={lead} view={view} actionResult={actionResult} />
      </article>
    </li>
  )
}

/** What an empty inbox says, for the view it shows. */
export function emptyInboxText({ unreadOnly, listingId }: LeadInboxView) {
  const about = listingId === null ? '' : ' about this listing'
  if (unreadOnly) return `No unread leads${about}: you have read every message.`
  if (listingId !== null) return `No leads${about} yet.`
  return 'No leads yet. When a buyer writes to you about one of your listings or from your broker page, or asks for land where you work, the message appears here.'
}

/** The daily digest option: a checkbox saved with a POST, and the confirmation after it. */
export function LeadDigestForm({ isOn, isSaved }: { isOn: boolean; isSaved: boolean }) {
  return (
    <section id={leadDigestSectionId} aria-labelledby={`${leadDigestSectionId}-heading`} className="mt-10 max-w-2xl rounded-xl border border-ink/15 bg-white p-5">
      <h2 id={`${leadDigestSectionId}-heading`} className="text-lg font-semibold">
        Daily digest
      </h2>
      {isSaved ? (
        <Confirmation>{isOn ? 'Saved: each day with new leads, we e-mail you a list of them.' : 'Saved: no daily digest will be sent.'}</Confirmation>
      ) : null}
      <form method="post" action={sellerPaths.leads} className="mt-2 flex flex-wrap items-center gap-4">
        <input type="hidden" name="intent" value="digest" />
        <label className="flex items-center gap-2">
          <input type="checkbox" name="leadDigest" defaultChecked={isOn} className="h-4 w-4 accent-brand" />
          E-mail me a daily digest of new leads
        </label>
        <button type="submit" className={secondaryButtonStyle}>
          Save
        </button>
      </form>
    </section>
  )
}
