import { replyTimeText } from '~/models/sellers/reply-times'

/** 'Usually replies within 2 hours' under a seller's name (issue 38 item 2); nothing for a seller without a figure. */
export function SellerReplyTime({ withinHours, className = 'mt-1 text-sm font-medium text-green-900' }: { withinHours: number | null; className?: string }) {
  return withinHours === null ? null : <p className={className}>{replyTimeText(withinHours)}</p>
}
