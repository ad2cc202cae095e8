import { FormPage } from '~/components/account-page'
import { Confirmation } from '~/components/form-field'
import { VisitRequestForm } from '~/components/visit-request-form'
import type { Route } from './+types/route'

export function VisitRequestPage({ loaderData: page, actionData: lastResult }: Route.ComponentProps) {
  const { listing, booking, safetyNote, isSent } = page
  return (
    <FormPage heading="Book a visit">
      <p className="mb-4">
        <a href={listing.path} className="font-semibold text-brand underline">
          {listing.title}
        </a>
      </p>
      {isSent ? (
        <Confirmation>Your visit request is on its way to the seller. We have e-mailed you a copy, with a link to follow or cancel it.</Confirmation>
      ) : (
        <VisitRequestForm booking={booking} lastResult={lastResult} safetyNote={safetyNote} />
      )}
    </FormPage>
  )
}
