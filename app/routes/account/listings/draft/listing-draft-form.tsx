import type { SubmissionResult } from '@conform-to/react'
import type { ReactNode } from 'react'
import { type MapCenter, PointPicker } from '~/components/point-picker'
import { Form } from 'react-router'
import { FormErrors } from '~/components/account-page'
import { FormConnection } from '~/components/form-connection'
import { CheckboxField, CheckboxGroup, FieldError, FormField, SelectField, controlStyle } from '~/components/form-field'
import { type FormMetadata, getFormProps, useServerForm } from '~/components/server-form'
import { resizedImagePath } from '~/models/media/document-ids'
import { fixedRenditions } from '~/utils/image-renditions'
import { draftActivityOptions, draftFormConstraints, draftPropertyTypeOptions } from '~/models/sellers/listing-draft-fields'
import { type DraftPhoto, type DraftStepKey, type ListingDraftData, draftStepPath, draftSteps, maxListingPhotos } from '~/models/sellers/listing-draft'
import type { DraftFinding } from '~/models/sellers/listing-draft'

/**
 * The steps of the sellers' listing form (issue 15 §2). Each step is its own POST form, complete
 * without scripts; the server keeps what was typed and answers with the step's messages.
 */

const fieldsetStyle = 'mb-5 rounded-xl border border-ink/15 bg-white p-5'
const legendStyle = 'px-1 text-lg font-semibold text-brand'
const primaryButtonStyle = 'rounded-md bg-brand px-5 py-2.5 font-semibold text-brand-contrast hover:bg-brand/90'
const secondaryStyle = 'rounded-md border border-brand px-4 py-2.5 font-semibold text-brand hover:bg-brand/10'

/** The steps as links (a new listing has only its first step until it is saved). */
export function DraftStepNav({ draftId, current, errorSteps }: { draftId: number | null; current: DraftStepKey; errorSteps: readonly DraftStepKey[] }) {
  return (
    <nav aria-label="Steps" className="mb-6">
      <ol className="flex flex-wrap gap-2 text-sm">
        {draftSteps.map((step, index) => {
          const label = `${index + 1}. ${step.label}${errorSteps.includes(step.key) ? ' (to finish)' : ''}`
          const style = 'inline-block rounded-full border px-3 py-1'
          return (
            <li key={step.key}>
              {draftId === null ? (
                <span
                  aria-current={step.key === current ? 'step' : undefined}
                  className={`${style} ${step.key === current ? 'border-brand bg-brand text-brand-contrast' : 'border-ink/20 text-ink/70'}`}
                >
                  {label}
                </span>
              ) : (
                <a
                  href={draftStepPath(draftId, step.key)}
                  aria-current={step.key === current ? 'step' : undefined}
                  className={`${style} border-ink/30 hover:border-brand aria-[current=step]:border-brand aria-[current=step]:bg-brand aria-[current=step]:text-brand-contrast`}
                >
                  {label}
                </a>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}

/** The gate's findings for a step, in words; a finding that stops publishing is an alert. */
export function DraftFindings({ findings }: { findings: readonly DraftFinding[] }) {
  if (findings.length === 0) return null
  return (
    <ul className="mb-5 space-y-2">
      {findings.map((finding) => (
        <li
          key={finding.text}
          role={finding.kind === 'stop' ? 'alert' : undefined}
          className={`rounded-md border p-3 ${finding.kind === 'stop' ? 'border-red-300 bg-red-50 text-red-900' : finding.kind === 'confirm' ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-ink/15 bg-paper'}`}
        >
          {finding.text}
        </li>
      ))}
    </ul>
  )
}

/** Back, Save draft, and Save and continue; the last comes first in the markup, so Enter in a field continues. */
function StepButtons({ isFirst, continueLabel = 'Save and continue' }: { isFirst: boolean; continueLabel?: string }) {
  return (
    <div className="flex flex-row-reverse flex-wrap justify-end gap-3">
      <button type="submit" name="intent" value="next" className={primaryButtonStyle}>
        {continueLabel}
      </button>
      <button type="submit" name="intent" value="save" className={secondaryStyle}>
        Save draft
      </button>
      {isFirst ? null : (
        <button type="submit" name="intent" value="back" className={secondaryStyle}>
          Back
        </button>
      )}
    </div>
  )
}

/** A step's form: the server's answer marks its fields, and a message on the whole form comes first. */
function StepForm({ form, children }: { form: FormMetadata; children: ReactNode }) {
  return (
    <Form method="post" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      {children}
      <FormConnection formId={form.id} />
    </Form>
  )
}

export interface StepProps {
  data: ListingDraftData
  /** The step's messages as conform's answer, so fields are marked and the first one focused. */
  result: SubmissionResult<string[]> | undefined
  findings: readonly DraftFinding[]
}

export function PlaceStep({
  data,
  result,
  findings,
  states,
  mapCenter,
}: StepProps & { states: readonly { abbreviation: string; name: string }[]; mapCenter: MapCenter }) {
  const [form, fields] = useServerForm(draftFormConstraints.place, { id: 'draft-place', lastResult: result, defaultValue: data as Record<string, string> })
  return (
    <StepForm form={form}>
      <DraftFindings findings={findings} />
      <fieldset className={fieldsetStyle}>
        <legend className={legendStyle}>Where is the land?</legend>
        <SelectField
          field={fields.state}
          label="State"
          placeholder="Choose a state"
          options={states.map((state) => ({ value: state.abbreviation, label: state.name }))}
        />
        <FormField field={fields.county} label="County" hint="As in 'Travis' or 'Travis County'; a parish or borough in Louisiana and Alaska." />
        <FormField field={fields.city} label="City or nearest town" />
        <FormField field={fields.zip} label="Zip code" />
        <FormField field={fields.address} label="Street address" />
      </fieldset>
      <fieldset className={fieldsetStyle}>
        <legend className={legendStyle}>The point on the map</legend>
        <p className="mb-3 text-sm">
          A point on the land itself puts the listing in the right place on maps and in searches near it. Without one, the zip code or city places it.
        </p>
        <div className="grid gap-3 small:grid-cols-2">
          <FormField inputMode="decimal" field={fields.latitude} label="Latitude" hint="In degrees, as 30.2672" />
          <FormField inputMode="decimal" field={fields.longitude} label="Longitude" hint="In degrees, negative in the US, as -97.7431" />
        </div>
        <PointPicker latitudeId={fields.latitude.id} longitudeId={fields.longitude.id} center={mapCenter} afterPick="Save to keep it." />
      </fieldset>
      <StepButtons isFirst />
    </StepForm>
  )
}

export function PriceStep({ data, result, findings }: StepProps) {
  const [form, fields] = useServerForm(draftFormConstraints.price, { id: 'draft-price', lastResult: result, defaultValue: data as Record<string, string> })
  const saleType = data.saleType ?? 'sale'
  return (
    <StepForm form={form}>
      <DraftFindings findings={findings} />
      <fieldset className={fieldsetStyle}>
        <legend className={legendStyle}>Size and price</legend>
        <FormField inputMode="decimal" field={fields.acres} label="Acres" hint="The whole property, in acres (43,560 square feet make an acre)." />
        <fieldset className="mb-3" aria-describedby={fields.saleType.errors ? fields.saleType.errorId : undefined}>
          <legend className="text-sm font-semibold">Sale type</legend>
          <FieldError field={fields.saleType} />
          {[
            { value: 'sale', label: 'For sale' },
            { value: 'auction', label: 'Auction' },
          ].map((option) => (
            <label key={option.value} className="mr-6 inline-flex items-center gap-2">
              <input type="radio" name="saleType" value={option.value} defaultChecked={saleType === option.value} className="accent-brand" />
              {option.label}
            </label>
          ))}
        </fieldset>
        <FormField
          inputMode="decimal"
          field={fields.price}
          label="Price ($)"
          condition="required for a sale"
          hint="Whole dollars for the whole property. An auction may leave it empty: it shows 'Auction'."
        />
        <CheckboxField field={fields.contactForPrice} label="Show 'Contact for Price' instead of a price" />
      </fieldset>
      <StepButtons isFirst={false} />
    </StepForm>
  )
}

export function FeaturesStep({ data, result, findings }: StepProps) {
  const [form, fields] = useServerForm(draftFormConstraints.features, { id: 'draft-features', lastResult: result, defaultValue: data as Record<string, string> })
  return (
    <StepForm form={form}>
      <DraftFindings findings={findings} />
      <div className={fieldsetStyle}>
        <CheckboxGroup field={fields.propertyTypes} legend="Property types" options={draftPropertyTypeOptions} checked={data.propertyTypes ?? []} />
        <CheckboxGroup field={fields.activities} legend="Activities" options={draftActivityOptions} checked={data.activities ?? []} />
      </div>
      <fieldset className={fieldsetStyle}>
        <legend className={legendStyle}>The house</legend>
        <p className="mb-3 text-sm">If there is a house, tick Homes above and give its bedrooms and bathrooms.</p>
        <div className="grid gap-3 small:grid-cols-3">
          <FormField inputMode="decimal" field={fields.beds} label="Bedrooms" />
          <FormField inputMode="decimal" field={fields.baths} label="Bathrooms" />
          <FormField inputMode="decimal" field={fields.homeSquareFeet} label="Living area (sq ft)" />
        </div>
      </fieldset>
      <fieldset className={fieldsetStyle}>
        <legend className={legendStyle}>Rights and terms</legend>
        <CheckboxField field={fields.mineralRights} label="Mineral rights convey" />
        <CheckboxField field={fields.ownerFinancing} label="Owner financing available" />
      </fieldset>
      <StepButtons isFirst={false} />
    </StepForm>
  )
}

export function DescriptionStep({ data, result, findings }: StepProps) {
  const [form, fields] = useServerForm(draftFormConstraints.description, {
    id: 'draft-description',
    lastResult: result,
    defaultValue: data as Record<string, string>,
  })
  return (
    <StepForm form={form}>
      <DraftFindings findings={findings} />
      <fieldset className={fieldsetStyle}>
        <legend className={legendStyle}>Title and description</legend>
        <FormField field={fields.title} label="Title" hint="What a buyer sees first, as '40 wooded acres with a creek'." />
        <FormField field={fields.description} label="Description" multiline hint="The land, its access, water, improvements and what it is good for. Plain text." />
      </fieldset>
      <fieldset className={fieldsetStyle}>
        <legend className={legendStyle}>Video, tour, links and phone</legend>
        <FormField field={fields.videoUrl} label="Video" hint="The address of a YouTube or Vimeo video." />
        <FormField field={fields.virtualTourUrl} label="Virtual tour" hint="An address that starts with https://." />
        <FormField field={fields.externalListingUrl} label="This listing on your website" hint="An address that starts with https://." />
        <FormField field={fields.auctionUrl} label="Auction page" hint="For an auction: its page, an address that starts with https://." />
        <FormField field={fields.contactPhone} label="Phone for this listing" type="tel" hint="Shown to buyers instead of your account's phone." />
      </fieldset>
      <StepButtons isFirst={false} />
    </StepForm>
  )
}

/** The listing's photos in order, first the cover: captions, order, cover and delete, one form so captions are never lost. */
export function PhotosStep({ photos, findings, upload }: { photos: readonly DraftPhoto[]; findings: readonly DraftFinding[]; upload: ReactNode }) {
  return (
    <>
      <DraftFindings findings={findings} />
      <section aria-labelledby="upload-heading" className={fieldsetStyle}>
        <h2 id="upload-heading" className={legendStyle}>
          Add photos
        </h2>
        {upload}
      </section>
      <Form method="post" id="draft-photos">
        <section aria-labelledby="photos-heading" className={fieldsetStyle}>
          <h2 id="photos-heading" className={legendStyle}>{`Photos (${photos.length} of ${maxListingPhotos})`}</h2>
          {photos.length === 0 ? <p className="mt-2">No photos yet.</p> : null}
          <ol className="mt-3 space-y-4">
            {photos.map((photo, index) => (
              <li key={photo.documentId} className="flex flex-wrap items-start gap-4 border-t border-ink/10 pt-4">
                <img
                  src={resizedImagePath(photo.documentId, fixedRenditions.draftPhoto)}
                  alt={photo.caption || `Photo ${index + 1}`}
                  width={240}
                  height={160}
                  loading="lazy"
                  className="rounded-md bg-ink/10"
                />
                <div className="min-w-48 flex-1">
                  <p className="text-sm font-semibold">{index === 0 ? 'Cover photo' : `Photo ${index + 1}`}</p>
                  <label htmlFor={`caption-${photo.documentId}`} className="mt-2 block text-sm font-semibold">
                    {`Caption of photo ${index + 1}`}
                    <span className="font-normal text-ink/70"> (optional)</span>
                  </label>
                  <input
                    id={`caption-${photo.documentId}`}
                    name={`caption-${photo.documentId}`}
                    defaultValue={photo.caption}
                    maxLength={200}
                    className={controlStyle}
                  />
                  <div className="mt-2 flex flex-wrap gap-2 text-sm">
                    {index > 0 ? <PhotoButton action="cover" photo={photo} label="Make cover" index={index} /> : null}
                    {index > 0 ? <PhotoButton action="up" photo={photo} label="Move up" index={index} /> : null}
                    {index < photos.length - 1 ? <PhotoButton action="down" photo={photo} label="Move down" index={index} /> : null}
                    <PhotoButton action="delete" photo={photo} label="Delete" index={index} />
                  </div>
                </div>
              </li>
            ))}
          </ol>
        </section>
        <StepButtons isFirst={false} />
        <FormConnection formId="draft-photos" />
      </Form>
    </>
  )
}

function PhotoButton({ action, photo, label, index }: { action: string; photo: DraftPhoto; label: string; index: number }) {
  return (
    <button
      type="submit"
      name="photoAction"
      value={`${action}:${photo.documentId}`}
      aria-label={`${label}: photo ${index + 1}`}
      className="rounded-md border border-ink/30 px-3 py-1.5 hover:border-brand"
    >
      {label}
    </button>
  )
}
