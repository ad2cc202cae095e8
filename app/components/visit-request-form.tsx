import type { SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { FormErrors } from '~/components/account-page'
import { FormConnection } from '~/components/form-connection'
import { FieldError, FormField, HoneypotField, SafetyNote, submitButtonStyle } from '~/components/form-field'
import { type FieldMetadata, getFormProps, getInputProps, useServerForm } from '~/components/server-form'
import { useAccountContact } from '~/hooks/use-site'
import { honeypotField } from '~/models/listings/listing-form-fields'
import { proposalFields, visitFormConstraints } from '~/models/visits/visit-form-fields'
import type { VisitBooking } from '~/models/visits/visit-views'
import { visitFormIntents } from '~/models/visits/visit-paths'

const choiceNames = ['First choice', 'Second choice', 'Third choice']
const inputStyle = 'mt-1 w-full rounded-md border border-ink/30 px-3 py-2'

/** A date and a time input (they work without scripts; a browser without pickers takes typed text). */
function ProposalRow({ legend, date, time, booking }: { legend: string; date: FieldMetadata; time: FieldMetadata; booking: VisitBooking }) {
  return (
    <fieldset className="mb-3">
      <legend className="text-sm font-semibold">
        {legend}
        {date.required ? null : <span className="font-normal text-ink/70"> (optional)</span>}
      </legend>
      <div className="flex gap-3">
        <label className="flex-1 text-sm">
          Date
          <input {...getInputProps(date, { type: 'date' })} min={booking.minDate} max={booking.maxDate} placeholder="YYYY-MM-DD" className={inputStyle} />
        </label>
        <label className="flex-1 text-sm">
          Time
          <input {...getInputProps(time, { type: 'time' })} step={900} placeholder="HH:MM" className={inputStyle} />
        </label>
      </div>
      <FieldError field={date} />
      <FieldError field={time} />
    </fieldset>
  )
}

/**
 * A buyer's visit request (issue 38 item 3): up to three times in the listing's zone, and who
 * asks. A plain POST to the request page, checked on the server, which works without scripts.
 */
export function VisitRequestForm({
  booking,
  lastResult,
  safetyNote,
}: {
  booking: VisitBooking
  lastResult: SubmissionResult<string[]> | undefined
  /** Owner-listed vacant land's word of caution (`ownerLandSafetyNote`), or null. */
  safetyNote: string | null
}) {
  const account = useAccountContact()
  const [form, fields] = useServerForm(visitFormConstraints, { id: 'visit-form', lastResult, defaultValue: { name: account.name, email: account.email } })
  return (
    <Form method="post" action={booking.requestPath} aria-label="Book a visit" {...getFormProps(form)} preventScrollReset>
      <input type="hidden" name="intent" value={visitFormIntents[0]} />
      <HoneypotField name={honeypotField} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <SafetyNote text={safetyNote} />
      <p className="mb-3 text-sm">{`Propose up to three times for a visit, in ${booking.timeZoneName} (the land’s local time). The seller accepts one or proposes another.`}</p>
      {proposalFields.map((names, index) => (
        <ProposalRow key={names.date} legend={choiceNames[index]!} date={fields[names.date]} time={fields[names.time]} booking={booking} />
      ))}
      <FormField field={fields.name} label="Your name" autoComplete="name" />
      <FormField field={fields.email} label="Your e-mail" type="email" autoComplete="email" />
      <FormField field={fields.phone} label="Your phone" type="tel" autoComplete="tel" />
      <FormField field={fields.message} label="Message" multiline />
      <button type="submit" className={submitButtonStyle}>
        Request a visit
      </button>
      <FormConnection formId={form.id} />
    </Form>
  )
}
