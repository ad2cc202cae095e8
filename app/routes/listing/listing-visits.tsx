import { VisitRequestForm } from '~/components/visit-request-form'
import { type VisitBooking, visitsAvailableLabel } from '~/models/visits/visit-views'

/**
 * 'Visits available' (issue 38 item 3) on a listing whose seller takes bookings, with the request
 * form folded under it (a `<details>`, which opens without scripts too).
 */
export function ListingVisits({ booking, safetyNote }: { booking: VisitBooking | null; safetyNote: string | null }) {
  if (!booking) return null
  return (
    <section id="book-a-visit" aria-labelledby="visits-heading" className="rounded-lg border border-brand/30 bg-brand/5 p-4">
      <h2 id="visits-heading" className="text-lg font-bold text-brand">
        {visitsAvailableLabel}
      </h2>
      <details className="mt-2">
        <summary className="cursor-pointer font-semibold text-brand underline">Book a visit</summary>
        <div className="mt-3 max-w-lg">
          <VisitRequestForm booking={booking} lastResult={undefined} safetyNote={safetyNote} />
        </div>
      </details>
    </section>
  )
}
