import { FormErrors, secondaryButtonStyle } from '~/components/account-page'
import { Confirmation, SelectField } from '~/components/form-field'
import { getFormProps, getInputProps, useServerForm } from '~/components/server-form'
import { type QuietHours, quietHoursTimeZones } from '~/models/sellers/reply-times'
import { sellerPaths } from '~/models/sellers/listing-draft'
import { quietHoursSectionId } from '~/models/sellers/seller-lead'
import type { LeadFormResult } from './lead-reply'

const hourOptions = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: `${String(hour).padStart(2, '0')}:00` }))
const timeZoneOptions = quietHoursTimeZones.map((zone) => ({ value: zone.id, label: `${zone.label} time` }))
const constraints = { isOn: { required: false }, from: { required: true }, until: { required: true }, timeZone: { required: true } }

/** Suggested when none are set: the night, in Central time. */
const defaultQuietHours: QuietHours = { from: 21, until: 7, timeZone: 'America/Chicago' }

/** The quiet-hours option (issue 38 item 2): the hours, in a US time zone, during which lead reminders wait. */
export function QuietHoursForm({
  quietHours,
  isSaved,
  actionResult,
}: {
  quietHours: QuietHours | null
  isSaved: boolean
  actionResult: LeadFormResult | undefined
}) {
  const shown = quietHours ?? defaultQuietHours
  const [form, fields] = useServerForm(constraints, {
    id: `${quietHoursSectionId}-form`,
    lastResult: actionResult?.leadId === null ? actionResult.result : undefined,
    defaultValue: { isOn: quietHours !== null, from: String(shown.from), until: String(shown.until), timeZone: shown.timeZone },
  })
  return (
    <section id={quietHoursSectionId} aria-labelledby={`${quietHoursSectionId}-heading`} className="mt-6 max-w-2xl rounded-xl border border-ink/15 bg-white p-5">
      <h2 id={`${quietHoursSectionId}-heading`} className="text-lg font-semibold">
        Quiet hours
      </h2>
      <p className="text-sm text-ink/80">
        We remind you by e-mail of a lead still unanswered after an hour, and again after a day. In your quiet hours a reminder waits until they end.
      </p>
      {isSaved ? <Confirmation>{quietHours ? 'Saved: reminders wait out your quiet hours.' : 'Saved: reminders are sent at any hour.'}</Confirmation> : null}
      <form method="post" action={sellerPaths.leads} {...getFormProps(form)} className="mt-2">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="quiet-hours" />
        <label className="mb-3 flex items-center gap-2">
          <input {...getInputProps(fields.isOn, { type: 'checkbox' })} className="h-4 w-4 accent-brand" />
          Hold reminders during quiet hours
        </label>
        <div className="grid gap-x-4 sm:grid-cols-3">
          <SelectField field={fields.from} label="From" placeholder="Choose an hour" options={hourOptions} />
          <SelectField field={fields.until} label="Until" placeholder="Choose an hour" options={hourOptions} />
          <SelectField field={fields.timeZone} label="Time zone" placeholder="Choose a time zone" options={timeZoneOptions} />
        </div>
        <button type="submit" className={secondaryButtonStyle}>
          Save quiet hours
        </button>
      </form>
    </section>
  )
}
