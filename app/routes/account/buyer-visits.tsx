import { visitStatusText } from '~/components/visit-status'
import type { BuyerVisitView } from '~/models/visits/visit-views'

/** A signed-in buyer's visit requests on My Account (issue 38 item 3), each linked to its page, where they accept a time or cancel. */
export function BuyerVisits({ visits }: { visits: BuyerVisitView[] }) {
  if (visits.length === 0) return null
  return (
    <section aria-labelledby="buyer-visits-heading" className="mt-8 max-w-3xl">
      <h2 id="buyer-visits-heading" className="text-xl font-semibold">
        Your visits
      </h2>
      <ul className="mt-3 flex flex-col gap-3">
        {visits.map((visit) => (
          <li key={visit.id} className="rounded-lg border border-ink/15 bg-white p-4">
            <a href={visit.path} className="font-semibold text-brand underline">
              {visit.listingTitle}
            </a>
            <p className="mt-1 text-sm">{visitStatusText(visit, 'buyer')}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
