import type { RecordReason } from '~/models/feeds/feed-reasons'
import { recordReasons } from '~/models/feeds/feed-reasons'

export const outcomeLabels = { accepted: 'Accepted', fixed: 'Fixed', held: 'Held', rejected: 'Rejected' } as const

/** A record's reasons: each code, what it means, and the detail the check found. */
export function ReasonList({ reasons }: { reasons: RecordReason[] }) {
  return (
    <ul className="mt-1 space-y-1 text-sm">
      {reasons.map((reason, index) => (
        <li key={index}>
          <code className="rounded bg-ink/5 px-1 font-semibold">{reason.code}</code> {recordReasons[reason.code]?.text ?? ''}
          {reason.detail ? <span className="block text-ink/70">{reason.detail}</span> : null}
        </li>
      ))}
    </ul>
  )
}
