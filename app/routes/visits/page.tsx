import { Form } from 'react-router'
import { FormPage } from '~/components/account-page'
import { Confirmation, submitButtonStyle } from '~/components/form-field'
import { visitStatusText } from '~/components/visit-status'
import type { Route } from './+types/route'

export function BuyerVisitPage({ loaderData: page }: Route.ComponentProps) {
  const { visit, canAccept, canCancel, outcome } = page
  return (
    <FormPage heading="Your visit">
      {outcome ? <Confirmation>{outcome}</Confirmation> : null}
      <p className="mb-2">
        <a href={visit.listingUrl} className="font-semibold text-brand underline">
          {visit.listingTitle}
        </a>
      </p>
      <p className="mb-2 font-semibold">{visitStatusText(visit, 'buyer')}</p>
      <p className="text-sm text-ink/80">{`Times you proposed (${visit.timeZoneName}):`}</p>
      <ul className="mb-4 list-disc pl-6 text-sm">
        {visit.times.map((time) => (
          <li key={time}>{time}</li>
        ))}
      </ul>
      {canAccept ? (
        <Form method="post" className="mb-3">
          <input type="hidden" name="intent" value="accept" />
          <button type="submit" className={submitButtonStyle}>
            {`Accept ${visit.counterLabel}`}
          </button>
        </Form>
      ) : null}
      {canCancel ? (
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <button type="submit" className="w-full rounded-md border border-red-800 px-4 py-2.5 font-semibold text-red-800 hover:bg-red-50">
            Cancel the visit
          </button>
        </Form>
      ) : null}
    </FormPage>
  )
}
