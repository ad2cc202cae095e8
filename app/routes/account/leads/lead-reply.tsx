import type { SubmissionResult } from '@conform-to/react'
import { FormErrors, secondaryButtonStyle } from '~/components/account-page'
import { FormField } from '~/components/form-field'
import { getFormProps, useServerForm } from '~/components/server-form'
import type { withWaitingTime } from '~/models/sellers/reply-times'
import { type LeadInboxView, leadElementId, leadReplyConstraints, type SellerLead, sellerLeadsHref } from '~/models/sellers/seller-lead'
import { formatLongDate } from '~/utils/format'

/** A lead as the inbox draws it: with how long it has waited, when unanswered. */
export type InboxLead = ReturnType<typeof withWaitingTime<SellerLead>>

/** What the inbox's action answered: a reply or quiet-hours form that failed, and for which lead. */
export interface LeadFormResult {
  leadId: number | null
  result: SubmissionResult<string[]>
}

/** 'Waiting 3 hours' on an unanswered lead, 'Answered 2 May 2026' on an answered one (issue 38 item 2). */
export function LeadAnswerStatus({ lead }: { lead: InboxLead }) {
  if (lead.waiting !== null) return <p className="mt-1 text-sm font-semibold text-amber-900">{lead.waiting}</p>
  return (
    <p className="mt-1 text-sm text-ink/70">
      {'Answered '}
      <time dateTime={lead.answeredAt!}>{formatLongDate(lead.answeredAt!)}</time>
    </p>
  )
}

/**
 * Answering a lead from the inbox: a reply e-mailed to the buyer through the site (Reply-To the
 * seller), or, for an answer given another way, a button that marks it answered. The reply sent
 * is shown under the message; a failed reply keeps its text with the message of what went wrong.
 */
export function LeadReply({ lead, view, actionResult }: { lead: InboxLead; view: LeadInboxView; actionResult: LeadFormResult | undefined }) {
  const [form, fields] = useServerForm(leadReplyConstraints, {
    id: `${leadElementId(lead.id)}-reply`,
    lastResult: actionResult?.leadId === lead.id ? actionResult.result : undefined,
  })
  return (
    <div className="mt-4 border-t border-ink/10 pt-4">
      {lead.reply ? (
        <div className="mb-3">
          <h3 className="text-sm font-semibold">Your reply</h3>
          <p className="mt-1 whitespace-pre-line break-words rounded-md bg-ink/5 p-3 text-sm">{lead.reply}</p>
        </div>
      ) : null}
      {lead.email ? (
        <form method="post" action={sellerLeadsHref(view)} {...getFormProps(form)}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <input type="hidden" name="intent" value="reply" />
          <input type="hidden" name="leadId" value={lead.id} />
          <FormField
            field={fields.reply}
            label={`Reply to ${lead.name}`}
            multiline
            hint="E-mailed to the buyer from us; their answer comes to your e-mail address."
          />
          <button type="submit" className={secondaryButtonStyle}>
            Send reply
          </button>
        </form>
      ) : null}
      {lead.answeredAt === null ? (
        <form method="post" action={sellerLeadsHref(view)} className="mt-3">
          <input type="hidden" name="intent" value="answered" />
          <input type="hidden" name="leadId" value={lead.id} />
          <button type="submit" className="text-sm font-semibold text-brand underline">
            Mark as answered
            <span className="sr-only">{`: the message from ${lead.name}`}</span>
          </button>
        </form>
      ) : null}
    </div>
  )
}
