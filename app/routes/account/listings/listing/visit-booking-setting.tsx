import { Form } from 'react-router'
import { sellerVisitSettingPath, visitBookingSectionId } from '~/models/visits/visit-paths'

/** A listing's 'Takes visit bookings' switch (issue 38 item 3): a checkbox and a button, without scripts too. */
export function VisitBookingSetting({ listingId, takesVisits }: { listingId: number; takesVisits: boolean }) {
  return (
    <section id={visitBookingSectionId} aria-labelledby="visit-bookings-heading" className="mt-8 max-w-3xl">
      <h2 id="visit-bookings-heading" className="text-xl font-semibold">
        Visits
      </h2>
      <p className="mt-1 text-sm">
        {takesVisits
          ? 'Buyers see ‘Visits available’ on this listing and propose times; you answer in your leads inbox.'
          : 'Buyers cannot book a visit to this listing.'}
      </p>
      <Form method="post" action={sellerVisitSettingPath(listingId)} className="mt-2 flex flex-wrap items-center gap-4">
        <label className="flex items-center gap-2">
          <input type="checkbox" name="takesVisits" defaultChecked={takesVisits} className="accent-brand" />
          Takes visit bookings
        </label>
        <button type="submit" className="rounded-md border border-brand px-3 py-1.5 text-sm font-semibold text-brand hover:bg-brand/5">
          Save
        </button>
      </Form>
    </section>
  )
}
