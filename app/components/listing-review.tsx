import type { ReactNode } from 'react'
import { secondaryButtonStyle } from '~/components/account-page'

/** The administrators' queues of listings waiting for a decision (held feed imports, scam reviews): the list, or a sentence when it is empty. */
export function ListingReviewQueue({ isEmpty, children }: { isEmpty: boolean; children: ReactNode }) {
  return isEmpty ? <p className="mt-4">No listing is waiting for review.</p> : <ul className="mt-4 space-y-4">{children}</ul>
}

interface ListingReviewItemProps {
  /** The listing as the heading and the buttons' accessible names call it. */
  label: string
  /** Where the decision is posted. */
  action: string
  /** Hidden fields naming what is decided on. */
  fields: Record<string, string | number>
  /** The decision besides approving that takes the listing off the sites. */
  refusal: { value: string; text: string }
  /** What the administrator reads before deciding. */
  children: ReactNode
}

/** One listing in a review queue, with the approve and refuse buttons of a plain form post. */
export function ListingReviewItem({ label, action, fields, refusal, children }: ListingReviewItemProps) {
  return (
    <li className="rounded-lg border border-ink/15 bg-white p-4">
      <h2 className="font-semibold">{label}</h2>
      {children}
      <form method="post" action={action} className="mt-3 flex flex-wrap gap-2">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button
          type="submit"
          name="decision"
          value="approve"
          className="rounded-md bg-brand px-3 py-2 text-sm font-semibold text-brand-contrast hover:opacity-90"
          aria-label={`Approve ${label}`}
        >
          Approve
        </button>
        <button type="submit" name="decision" value={refusal.value} className={secondaryButtonStyle} aria-label={`${refusal.text} ${label}`}>
          {refusal.text}
        </button>
      </form>
    </li>
  )
}
