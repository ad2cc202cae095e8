import type { SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { FormErrors } from '~/components/account-page'
import { FieldError } from '~/components/form-field'
import { getFormProps, getInputProps, useServerForm } from '~/components/server-form'
import { visitStatusText } from '~/components/visit-status'
import { counterFormConstraints } from '~/models/visits/visit-form-fields'
import { sellerVisitPath, visitRequestsSectionId } from '~/models/visits/visit-paths'
import type { SellerVisitView } from '~/models/visits/visit-views'

const buttonStyle = 'rounded-md bg-brand px-3 py-1.5 text-sm font-semibold text-brand-contrast hover:bg-brand/90'
const inputStyle = 'mt-1 rounded-md border border-ink/30 px-2 py-1'

/** The seller's own time, in the land's zone: a counter-proposal the buyer accepts from their e-mail. */
function CounterForm({ visit, lastResult }: { visit: SellerVisitView; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useServerForm(counterFormConstraints, { id: `counter-${visit.id}`, lastResult })
  return (
    <Form method="post" action={sellerVisitPath(visit.id)} {...getFormProps(form)} className="mt-3">
      <input type="hidden" name="intent" value="counter" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <fieldset>
        <legend className="text-sm font-semibold">{`Propose another time (${visit.timeZoneName})`}</legend>
        <div className="flex flex-wrap items-end gap-3">
          <label className="text-sm">
            Date
            <input {...getInputProps(fields.date, { type: 'date' })} placeholder="YYYY-MM-DD" className={inputStyle} />
          </label>
          <label className="text-sm">
            Time
            <input {...getInputProps(fields.time, { type: 'time' })} step={900} placeholder="HH:MM" className={inputStyle} />
          </label>
          <button type="submit" className={buttonStyle}>
            Propose this time
          </button>
        </div>
        <FieldError field={fields.date} />
        <FieldError field={fields.time} />
      </fieldset>
    </Form>
  )
}

/** One visit request: who, which listing, the times and the seller's answers (each a plain POST). */
export function VisitRequestItem({ visit, now, counterResult }: { visit: SellerVisitView; now: string; counterResult?: SubmissionResult<string[]> }) {
  const isOpen = visit.status === 'requested' || visit.status === 'countered'
  const canCancel = visit.status !== 'cancelled' && !(visit.agreedStartsAt !== null && visit.agreedStartsAt <= now)
  return (
    <li id={`visit-${visit.id}`} className="rounded-lg border border-ink/15 bg-white p-4">
      <p className="font-semibold">
        {`${visit.name} would like to visit `}
        <a href={visit.listingUrl} className="text-brand underline">
          {visit.listingTitle}
        </a>
      </p>
      <p className="text-sm text-ink/80">{`${visit.email}${visit.phone ? ` · ${visit.phone}` : ''}`}</p>
      {visit.message ? <p className="mt-2 whitespace-pre-line break-words text-sm">{visit.message}</p> : null}
      <p className="mt-2 text-sm font-semibold">{visitStatusText(visit, 'seller')}</p>
      <p className="mt-2 text-sm">{`Proposed times (${visit.timeZoneName}):`}</p>
      <ul className="mt-1 flex flex-col gap-2">
        {visit.times.map((time) => (
          <li key={time.id} className="flex flex-wrap items-center gap-3 text-sm">
            <span>{time.label}</span>
            {visit.status === 'requested' && time.startsAt > now ? (
              <Form method="post" action={sellerVisitPath(visit.id)}>
                <input type="hidden" name="intent" value="accept" />
                <input type="hidden" name="timeId" value={time.id} />
                <button type="submit" className={buttonStyle} aria-label={`Accept ${time.label}`}>
                  Accept
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      {isOpen ? <CounterForm visit={visit} lastResult={counterResult} /> : null}
      {canCancel ? (
        <Form method="post" action={sellerVisitPath(visit.id)} className="mt-3">
          <input type="hidden" name="intent" value="cancel" />
          <button type="submit" className="text-sm font-semibold text-red-800 underline">
            Cancel this visit
          </button>
        </Form>
      ) : null}
    </li>
  )
}

/** The inbox's visit requests (issue 38 item 3), beside its leads; nothing while there are none. */
export function VisitRequests({ visits, now }: { visits: SellerVisitView[]; now: string }) {
  if (visits.length === 0) return null
  return (
    <section id={visitRequestsSectionId} aria-labelledby="visit-requests-heading" className="mt-8 max-w-4xl">
      <h2 id="visit-requests-heading" className="text-xl font-semibold">
        Visit requests
      </h2>
      <ol className="mt-4 flex flex-col gap-4">
        {visits.map((visit) => (
          <VisitRequestItem key={visit.id} visit={visit} now={now} />
        ))}
      </ol>
    </section>
  )
}
