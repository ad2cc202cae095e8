import type { SubmissionResult } from '@conform-to/react'
import { FormErrors, secondaryButtonStyle } from '~/components/account-page'
import { FormConnection } from '~/components/form-connection'
import { CheckboxGroup, FieldError, FormField, SelectField, submitButtonStyle } from '~/components/form-field'
import { getFormProps, getInputProps, useServerForm } from '~/components/server-form'
import { financingOptions, timelineOptions } from '~/models/connector/land-request'
import { landRequestConstraints, placeRows } from '~/models/connector/land-request-fields'
import { activityOptions, propertyTypeOptions } from '~/models/search/search-options'

/**
 * The Lands Connector form (issue 17 item 2): a plain POST, complete without scripts. Places are
 * rows of a state and, typed in it, a county, region or city; the server reads them as the search
 * box does and answers a place it cannot find on its own row.
 */
export type LandRequestFormValues = Record<string, string | string[] | boolean>

export interface LandRequestFormProps {
  action: string
  states: readonly { token: string; name: string }[]
  values: LandRequestFormValues
  lastResult: SubmissionResult<string[]> | undefined
  submitLabel: string
  cancelHref: string
  siteName: string
}

const legendStyle = 'text-lg font-semibold'

export function LandRequestForm({ action, states, values, lastResult, submitLabel, cancelHref, siteName }: LandRequestFormProps) {
  const scalarValues = Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string | boolean] => !Array.isArray(entry[1])))
  const [form, fields] = useServerForm(landRequestConstraints, { id: 'land-request', lastResult, defaultValue: scalarValues })
  // What the boxes show: the posted form after a mistake, else the request's own values.
  const shown = (lastResult?.initialValue ?? values) as Record<string, unknown>
  const stateOptions = states.map((state) => ({ value: state.token, label: state.name }))
  const checked = (name: string) => {
    const value = shown[name]
    return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : []
  }
  return (
    <form method="post" action={action} {...getFormProps(form)} className="max-w-3xl">
      <FormErrors id={form.errorId} errors={form.errors} />
      <fieldset>
        <legend className={legendStyle}>Where do you want land?</legend>
        <p className="text-sm text-ink/80">
          Choose a state, and type a county, region or city in it to narrow it down; leave that box empty for the whole state. Up to {placeRows.length} places.
        </p>
        {placeRows.map((row, index) => {
          const state = fields[row.state]!
          const place = fields[row.place]!
          return (
            <fieldset key={row.state} className="mt-3 grid gap-x-4 rounded-lg border border-ink/15 bg-white p-3 small:grid-cols-2">
              <legend className="px-1 text-sm font-semibold">{`Place ${index + 1}`}</legend>
              <SelectField field={state} label="State" placeholder={index === 0 ? 'Choose a state' : 'No place'} options={stateOptions} />
              <FormField field={place} label="County, region or city" />
            </fieldset>
          )
        })}
      </fieldset>

      <fieldset className="mt-6 grid gap-x-4 small:grid-cols-4">
        <legend className={legendStyle}>Size and price</legend>
        <FormField field={fields.acresMin} label="Acres from" inputMode="decimal" />
        <FormField field={fields.acresMax} label="Acres to" inputMode="decimal" />
        <FormField field={fields.priceMin} label="Price from ($)" inputMode="numeric" />
        <FormField field={fields.priceMax} label="Price to ($)" inputMode="numeric" />
      </fieldset>

      <div className="mt-6">
        <CheckboxGroup field={fields.propertyTypes} legend="Kinds of land" options={propertyTypeOptions} checked={checked('propertyTypes')} />
        <CheckboxGroup field={fields.activityTypes} legend="Activities" options={activityOptions} checked={checked('activityTypes')} />
      </div>

      <fieldset className="mt-6" aria-describedby={fields.financing.errors ? fields.financing.errorId : undefined}>
        <legend className={legendStyle}>How will you pay?</legend>
        <div className="mt-2 grid gap-1 small:grid-cols-2">
          {financingOptions.map((option) => (
            <label key={option.key} className="flex items-center gap-2">
              <input
                {...getInputProps(fields.financing, { type: 'radio', value: option.key })}
                id={`${fields.financing.id}-${option.key}`}
                className="h-4 w-4 accent-brand"
              />
              {option.label}
            </label>
          ))}
        </div>
        <FieldError field={fields.financing} />
      </fieldset>

      <div className="mt-6 small:w-80">
        <SelectField
          field={fields.timeline}
          label="When do you want to buy?"
          placeholder="Choose one"
          options={timelineOptions.map((option) => ({ value: option.key, label: option.label }))}
        />
      </div>

      <div className="mt-6">
        <FormField
          field={fields.message}
          label="Your message to land professionals"
          multiline
          hint="What you will use the land for, what matters most, anything else they should know."
        />
        <FormField field={fields.phone} label="Phone" type="tel" autoComplete="tel" />
        <label className="mb-1 flex items-start gap-2">
          <input
            {...getInputProps(fields.shareContact, { type: 'checkbox' })}
            aria-describedby={fields.shareContact.descriptionId}
            className="mt-1 h-4 w-4 accent-brand"
          />
          <span className="font-semibold">Share my e-mail and phone with matching land professionals</span>
        </label>
        <p id={fields.shareContact.descriptionId} className="mb-4 ml-6 text-sm text-ink/80">
          {`Unticked, they see your name and your request and answer you through ${siteName}; your e-mail address stays private until you answer them.`}
        </p>
      </div>

      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className={`${submitButtonStyle} small:w-auto`}>
          {submitLabel}
        </button>
        <a href={cancelHref} className={secondaryButtonStyle}>
          Cancel
        </a>
      </div>
      <FormConnection formId={form.id} />
    </form>
  )
}
