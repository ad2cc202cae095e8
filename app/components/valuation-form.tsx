import { draftPropertyTypeOptions } from '~/models/sellers/listing-draft-fields'
import { valuationAccuracyPath, valuationFeatures } from '~/models/valuation/valuation-path'
import { PointPicker } from './point-picker'

/**
 * AcreWorth's valuation form (issue 16 §1): a GET to /value/, complete without scripts, which
 * answers with the valuation's own address or the form again with each field's message.
 */
export interface ValuationFormProps {
  states: readonly { token: string; name: string }[]
  values?: Record<string, string | string[]>
  errors?: Record<string, string>
}

const featureLabels: Record<(typeof valuationFeatures)[number], string> = {
  waterfront: 'Water frontage (lake, river or beach)',
  'mineral-rights': 'Mineral rights convey',
  'owner-financing': 'Owner financing',
}

/** Where the map opens before a point is given: the lower 48 states. */
const contiguousStates = { latitude: 39.5, longitude: -98.35, zoom: 3.2 }

const controlStyle = 'mt-1 w-full rounded-md border border-ink/30 bg-white px-3 py-2 text-base text-ink aria-[invalid=true]:border-red-700'

function Field({
  name,
  label,
  hint,
  values,
  errors,
  inputMode,
}: { name: string; label: string; hint?: string; inputMode?: 'decimal' } & Pick<ValuationFormProps, 'values' | 'errors'>) {
  const error = errors?.[name]
  const value = values?.[name]
  return (
    <div>
      <label htmlFor={`valuation-${name}`} className="block text-sm font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={`valuation-${name}-hint`} className="text-sm opacity-80">
          {hint}
        </p>
      ) : null}
      <input
        id={`valuation-${name}`}
        name={name}
        inputMode={inputMode}
        defaultValue={typeof value === 'string' ? value : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? `valuation-${name}-error` : '', hint ? `valuation-${name}-hint` : ''].join(' ').trim() || undefined}
        className={controlStyle}
      />
      {error ? (
        <p id={`valuation-${name}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export function ValuationForm({ states, values = {}, errors = {} }: ValuationFormProps) {
  const chosen = (name: string) => (Array.isArray(values[name]) ? (values[name] as string[]) : [])
  const shared = { values, errors }
  return (
    <form method="get" action="/value/" className="w-full max-w-3xl rounded-xl bg-white p-5 text-left text-ink shadow-lg">
      {Object.keys(errors).length > 0 ? (
        <p role="alert" className="mb-3 rounded-md border border-red-300 bg-red-50 p-3 font-medium text-red-900">
          Some answers need a change: see the messages below.
        </p>
      ) : null}
      <div className="grid gap-3 small:grid-cols-3">
        <div>
          <label htmlFor="valuation-state" className="block text-sm font-semibold">
            State
          </label>
          <select
            id="valuation-state"
            name="state"
            defaultValue={typeof values.state === 'string' ? values.state : ''}
            aria-invalid={errors.state ? true : undefined}
            aria-describedby={errors.state ? 'valuation-state-error' : undefined}
            className={controlStyle}
          >
            <option value="">Choose a state</option>
            {states.map((state) => (
              <option key={state.token} value={state.token}>
                {state.name}
              </option>
            ))}
          </select>
          {errors.state ? (
            <p id="valuation-state-error" className="mt-1 text-sm font-medium text-red-800">
              {errors.state}
            </p>
          ) : null}
        </div>
        <Field name="county" label="County, city or zip" {...shared} />
        <Field name="acres" label="Acres" inputMode="decimal" {...shared} />
      </div>
      <fieldset className="mt-4">
        <legend className="text-sm font-semibold">Property types (optional)</legend>
        <div className="mt-1 grid gap-1 small:grid-cols-3">
          {draftPropertyTypeOptions.map((option) => (
            <label key={option.key} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="types" value={option.key} defaultChecked={chosen('types').includes(option.key)} className="h-4 w-4 accent-brand" />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      <details className="mt-4" open={Boolean(values.beds || values.latitude || chosen('features').length)}>
        <summary className="cursor-pointer font-semibold text-brand">House, features and the exact point (optional)</summary>
        <div className="mt-3 grid gap-3 small:grid-cols-3">
          <Field name="beds" label="Bedrooms" inputMode="decimal" {...shared} />
          <Field name="baths" label="Bathrooms" inputMode="decimal" {...shared} />
          <Field name="squareFeet" label="Living area (sq ft)" inputMode="decimal" {...shared} />
        </div>
        <fieldset className="mt-3">
          <legend className="text-sm font-semibold">Features</legend>
          {valuationFeatures.map((feature) => (
            <label key={feature} className="mr-4 inline-flex items-center gap-2 text-sm">
              <input type="checkbox" name="features" value={feature} defaultChecked={chosen('features').includes(feature)} className="h-4 w-4 accent-brand" />
              {featureLabels[feature]}
            </label>
          ))}
        </fieldset>
        <div className="mt-3 grid gap-3 small:grid-cols-2">
          <Field name="latitude" label="Latitude" hint="Of a point on the land, as 30.2672" inputMode="decimal" {...shared} />
          <Field name="longitude" label="Longitude" hint="Negative in the US, as -97.7431" inputMode="decimal" {...shared} />
        </div>
        <PointPicker latitudeId="valuation-latitude" longitudeId="valuation-longitude" center={contiguousStates} afterPick="Value the land to use it." />
      </details>
      <button type="submit" className="mt-4 rounded-md bg-accent px-5 py-3 font-semibold text-white hover:brightness-110">
        Value my land
      </button>
    </form>
  )
}

/** AcreWorth's home: the form, and the way to how accurate its answers are. */
export function HomeValuation({ states, siteName }: { states: ValuationFormProps['states']; siteName: string }) {
  return (
    <>
      <ValuationForm states={states} />
      <a href={valuationAccuracyPath} className="font-semibold text-white underline drop-shadow">{`How accurate is ${siteName}?`}</a>
    </>
  )
}
