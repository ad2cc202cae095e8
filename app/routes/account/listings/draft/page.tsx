import { Form, useSearchParams } from 'react-router'
import { AccountPage } from '~/components/account-page'
import { FormConnection } from '~/components/form-connection'
import { DescriptionStep, DraftFindings, DraftStepNav, FeaturesStep, PhotosStep, PlaceStep, PriceStep } from './listing-draft-form'
import { PhotoUploadForm } from './photo-upload-form'
import { draftActivityOptions, draftPropertyTypeOptions } from '~/models/sellers/listing-draft-fields'
import {
  type DraftStepKey,
  type ListingDraftData,
  draftPhotoUploadPath,
  draftStepPath,
  draftSteps,
  maxListingPhotos,
  sellerListingPath,
} from '~/models/sellers/listing-draft'
import type { DraftReview } from '~/models/sellers/listing-publish.server'
import type { PhotoUploadOutcome } from '~/models/sellers/photo-upload-rules'
import { formatAcres, formatPrice } from '~/utils/format'
import type { Route } from './+types/route'

export function ListingDraftPage({ loaderData }: Route.ComponentProps) {
  const { draftId, listing, step, data, result, review, states, mapCenter, uploadOutcome } = loaderData
  const findings = review?.findings.filter((finding) => finding.step === step) ?? []
  const errorSteps = (Object.keys(review?.errors ?? {}) as DraftStepKey[]).filter((key) => (data.savedSteps ?? []).includes(key))
  const stepProps = { data, result, findings }
  return (
    <AccountPage current="My Listings" heading={listing ? `Edit: ${listing.title}` : 'Add a listing'}>
      {listing ? (
        <p className="mb-4 text-sm">
          Changes show on the sites once you publish them at the last step.{' '}
          <a href={sellerListingPath(listing.id)} className="font-semibold text-brand underline">
            Back to the listing
          </a>
        </p>
      ) : (
        <p className="mb-4 text-sm">
          Every step is saved as a draft when you continue, so nothing you type is lost. The listing appears on the sites when you publish it.
        </p>
      )}
      <DraftStepNav draftId={draftId} current={step} errorSteps={errorSteps} />
      {step === 'place' ? <PlaceStep {...stepProps} states={states} mapCenter={mapCenter} /> : null}
      {step === 'price' ? <PriceStep {...stepProps} /> : null}
      {step === 'features' ? <FeaturesStep {...stepProps} /> : null}
      {step === 'description' ? <DescriptionStep {...stepProps} /> : null}
      {step === 'photos' && draftId !== null ? (
        <PhotosStep
          photos={data.photos ?? []}
          findings={findings}
          upload={
            <>
              {uploadOutcome ? <PhotoUploadOutcomeNotice outcome={uploadOutcome} /> : null}
              <PhotoUploadForm action={draftPhotoUploadPath(draftId)} remainingSlots={maxListingPhotos - (data.photos?.length ?? 0)} />
            </>
          }
        />
      ) : null}
      {step === 'review' && review && draftId !== null ? (
        <ReviewStep draftId={draftId} data={data} review={review} isEdit={listing !== null} states={states} />
      ) : null}
    </AccountPage>
  )
}

const labelsOf = (keys: readonly string[] | undefined, options: readonly { key: string; label: string }[]) =>
  options
    .filter((option) => keys?.includes(option.key))
    .map((option) => option.label)
    .join(', ') || 'None'

function ReviewStep({
  draftId,
  data,
  review,
  isEdit,
  states,
}: {
  draftId: number
  data: ListingDraftData
  review: DraftReview
  isEdit: boolean
  states: readonly { abbreviation: string; name: string }[]
}) {
  const [searchParams] = useSearchParams()
  const stateName = states.find((state) => state.abbreviation === data.state)?.name ?? data.state
  const price =
    data.contactForPrice === 'on' ? 'Contact for Price' : data.price ? formatPrice(Number(data.price)) : data.saleType === 'auction' ? 'Auction' : 'Not given'
  const summary: { step: DraftStepKey; rows: [string, string][] }[] = [
    {
      step: 'place',
      rows: [
        ['Place', [data.address, data.city, data.county, stateName, data.zip].filter(Boolean).join(', ')],
        ['Point', data.latitude && data.longitude ? `${data.latitude}, ${data.longitude}` : 'Not given'],
      ],
    },
    {
      step: 'price',
      rows: [
        ['Size', data.acres ? formatAcres(Number(data.acres)) : 'Not given'],
        ['Price', `${price}${data.saleType === 'auction' ? ' (auction)' : ''}`],
      ],
    },
    {
      step: 'features',
      rows: [
        ['Property types', labelsOf(data.propertyTypes, draftPropertyTypeOptions)],
        ['Activities', labelsOf(data.activities, draftActivityOptions)],
        [
          'House',
          data.beds || data.baths ? `${data.beds ?? '?'} beds, ${data.baths ?? '?'} baths${data.homeSquareFeet ? `, ${data.homeSquareFeet} sq ft` : ''}` : 'None',
        ],
      ],
    },
    { step: 'description', rows: [['Title', data.title ?? 'Not given']] },
    { step: 'photos', rows: [['Photos', String(data.photos?.length ?? 0)]] },
  ]
  const incomplete = draftSteps.filter((item) => item.key in review.errors)
  const isConfirmationMissing = searchParams.get('confirm') === 'needed'
  return (
    <>
      {incomplete.length > 0 ? (
        <div role="alert" className="mb-5 rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
          <p className="font-semibold">Some steps need finishing before the listing can be published:</p>
          <ul className="mt-1 list-disc pl-6">
            {incomplete.map((item) => (
              <li key={item.key}>
                <a href={draftStepPath(draftId, item.key)} className="underline">
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <DraftFindings findings={review.findings} />
      <dl className="mb-6 divide-y divide-ink/10 rounded-xl border border-ink/15 bg-white">
        {summary.map((section) =>
          section.rows.map(([term, value], index) => (
            <div key={term} className="flex flex-wrap gap-x-4 px-4 py-2">
              <dt className="w-36 font-semibold">{term}</dt>
              <dd className="flex-1">{value}</dd>
              {index === 0 ? (
                <dd>
                  <a href={draftStepPath(draftId, section.step)} className="text-sm text-brand underline" aria-label={`Change ${term.toLowerCase()}`}>
                    Change
                  </a>
                </dd>
              ) : null}
            </div>
          )),
        )}
      </dl>
      <Form method="post" id="draft-review" className="flex flex-wrap items-end gap-4">
        {review.needsConfirmation ? (
          <label className={`flex w-full items-start gap-2 rounded-md p-3 ${isConfirmationMissing ? 'border border-red-300 bg-red-50' : ''}`}>
            <input type="checkbox" name="confirmed" className="mt-1 h-4 w-4 accent-brand" aria-describedby={isConfirmationMissing ? 'confirm-needed' : undefined} />
            <span>
              I have checked the size and the price above: they are right.
              {isConfirmationMissing ? (
                <span id="confirm-needed" role="alert" className="block font-medium text-red-800">
                  Please confirm the size and price, or change them, before publishing.
                </span>
              ) : null}
            </span>
          </label>
        ) : null}
        <button
          type="submit"
          name="intent"
          value="publish"
          disabled={!review.isPublishable}
          className="rounded-md bg-accent px-5 py-3 font-semibold text-white hover:brightness-110 disabled:opacity-60"
        >
          {isEdit ? 'Publish changes' : 'Publish listing'}
        </button>
        <button type="submit" name="intent" value="discard" className="rounded-md border border-red-700 px-4 py-3 font-semibold text-red-800 hover:bg-red-50">
          {isEdit ? 'Discard changes' : 'Delete draft'}
        </button>
        <FormConnection formId="draft-review" />
      </Form>
    </>
  )
}

/** What an upload sent without scripts did: how many photos were added, and each one that was not, in words. */
function PhotoUploadOutcomeNotice({ outcome }: { outcome: PhotoUploadOutcome }) {
  return (
    <div
      role="status"
      className={`mb-4 rounded-md p-3 ${outcome.failures.length ? 'border border-amber-300 bg-amber-50 text-amber-950' : 'bg-green-50 text-green-900'}`}
    >
      <p className="font-medium">{`${outcome.storedCount} ${outcome.storedCount === 1 ? 'photo' : 'photos'} added.`}</p>
      {outcome.failures.length ? (
        <ul className="mt-1 list-disc pl-6">
          {outcome.failures.map((failure) => (
            <li key={failure.message}>{failure.message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
