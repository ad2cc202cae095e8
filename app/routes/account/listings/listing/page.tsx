import { Form } from 'react-router'
import { AccountPage } from '~/components/account-page'
import { Confirmation } from '~/components/form-field'
import { LeadItem } from '~/routes/account/leads/lead-inbox'
import { VisitBookingSetting } from './visit-booking-setting'
import { ListingStatistics } from '~/routes/account/listings/statistics/listing-stats-chart'
import { sellerListingPath, sellerPaths } from '~/models/sellers/listing-draft'
import { allLeadsView, sellerLeadsHref } from '~/models/sellers/seller-lead'
import { type StatusChange, heldListingNotice } from '~/models/sellers/seller-listing-status'
import { formatAcres, formatLongDate, formatPrice } from '~/utils/format'
import type { SoldErrors } from './page.server'
import type { Route } from './+types/route'

const notices: Record<string, string> = {
  new: 'Your listing is published: it is on the sites and in search now.',
  held: heldListingNotice,
  changes: 'Your changes are published.',
  pause: 'The listing is paused: it shows as Off Market and has left search.',
  resume: 'The listing is available again and back in search.',
  'under-contract': 'The listing is marked Under Contract.',
  'back-on-market': 'The listing is available again.',
  sold: 'The listing is marked Sold, with its sale price and date.',
  confirm: 'Thank you: buyers see the listing as confirmed today.',
}

const changeButtons: Record<Exclude<StatusChange['kind'], 'sold'>, string> = {
  pause: 'Pause (take off market)',
  resume: 'Make available again',
  'under-contract': 'Mark under contract',
  'back-on-market': 'Back on market',
}

const buttonStyle = 'rounded-md border border-brand px-4 py-2 font-semibold text-brand hover:bg-brand/10'
const controlStyle = 'mt-1 w-full rounded-md border border-ink/30 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-700'

type ActionAnswer = { error?: string; deleteError?: string; soldErrors?: SoldErrors; soldValues?: { salesPrice: string; salesDate: string } }

export function SellerListingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, isHeld, publicPath, changes, canConfirm, draftPath, notice, statistics, leads, leadCount } = loaderData
  const answer: ActionAnswer | undefined = actionData
  // Marking a lead read here comes back to the inbox, showing this listing's leads.
  const listingLeadsView = { ...allLeadsView, listingId: listing.id }
  return (
    <AccountPage current="My Listings" heading={listing.title}>
      {notice && notices[notice] ? (
        <Confirmation>{notices[notice]}</Confirmation>
      ) : isHeld ? (
        <p className="mb-4 rounded-md border border-ink/15 bg-white p-3">{heldListingNotice}</p>
      ) : null}
      {answer?.error ? (
        <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
          {answer.error}
        </p>
      ) : null}
      <dl className="grid max-w-3xl gap-x-6 gap-y-1 small:grid-cols-[10rem_1fr]">
        <dt className="font-semibold">Status</dt>
        <dd>{listing.statusLabel + (listing.salesDate ? `, ${formatLongDate(listing.salesDate)}` : '')}</dd>
        <dt className="font-semibold">Price</dt>
        <dd>{formatPrice(listing.price) + (listing.salesPrice ? ` (sold for ${formatPrice(listing.salesPrice)})` : '')}</dd>
        <dt className="font-semibold">Size</dt>
        <dd>{`${formatAcres(listing.acres)}, ${listing.place}`}</dd>
        <dt className="font-semibold">Tier</dt>
        <dd className="capitalize">{listing.tier}</dd>
        <dt className="font-semibold">Photos</dt>
        <dd>{listing.photoCount}</dd>
        <dt className="font-semibold">Last change</dt>
        <dd>{formatLongDate(listing.updatedAt)}</dd>
      </dl>
      <p className="mt-4 flex flex-wrap gap-4">
        {publicPath ? (
          <a href={publicPath} className="font-semibold text-brand underline">
            See the listing&rsquo;s page
          </a>
        ) : null}
        <a href={sellerPaths.listings} className="font-semibold text-brand underline">
          All my listings
        </a>
      </p>
      <VisitBookingSetting listingId={listing.id} takesVisits={loaderData.takesVisits} />
      <section aria-labelledby="statistics-heading" className="mt-8">
        <h2 id="statistics-heading" className="text-xl font-semibold">
          What buyers did
        </h2>
        <ListingStatistics statistics={statistics} basePath={sellerListingPath(listing.id)} />
      </section>
      <section aria-labelledby="leads-heading" className="mt-8 max-w-4xl">
        <h2 id="leads-heading" className="text-xl font-semibold">{`Leads (${leadCount.toLocaleString('en-US')})`}</h2>
        {leads.length === 0 ? (
          <p className="mt-2">No buyer has written about this listing yet.</p>
        ) : (
          <ol className="mt-3 space-y-4">
            {leads.map((lead) => (
              <LeadItem key={lead.id} lead={lead} view={listingLeadsView} actionResult={undefined} />
            ))}
          </ol>
        )}
        {leadCount > leads.length ? (
          <p className="mt-3">
            <a href={sellerLeadsHref(listingLeadsView)} className="font-semibold text-brand underline">
              {`All ${leadCount.toLocaleString('en-US')} leads about this listing`}
            </a>
          </p>
        ) : null}
      </section>
      {listing.isFromFeed ? (
        <p className="mt-6 rounded-md border border-ink/15 bg-white p-4">
          This listing comes from your listing feed, which owns it: change it in your feed, and the next import updates it here.
        </p>
      ) : (
        <section aria-labelledby="changes-heading" className="mt-6 max-w-3xl space-y-5">
          <h2 id="changes-heading" className="text-xl font-semibold">
            Change the listing
          </h2>
          {draftPath ? (
            <p>
              <a href={draftPath} className="font-semibold text-brand underline">
                Continue your unpublished changes
              </a>
            </p>
          ) : (
            <Form method="post">
              <button type="submit" name="intent" value="edit" className={buttonStyle}>
                Edit listing
              </button>
            </Form>
          )}
          {canConfirm ? (
            <Form method="post">
              <p className="mb-2">
                Still for sale as it is? Confirm it: a listing nobody confirms for 90 days is marked for buyers, and after 180 days it leaves search.
              </p>
              <button type="submit" name="intent" value="confirm" className={buttonStyle}>
                Still available
              </button>
            </Form>
          ) : null}
          {changes.some((kind) => kind !== 'sold') ? (
            <Form method="post" className="flex flex-wrap gap-3">
              {changes.flatMap((kind) =>
                kind === 'sold' ? (
                  []
                ) : (
                  <button key={kind} type="submit" name="intent" value={kind} className={buttonStyle}>
                    {changeButtons[kind]}
                  </button>
                ),
              )}
            </Form>
          ) : null}
          {changes.includes('sold') ? <SoldForm errors={answer?.soldErrors} values={answer?.soldValues} /> : null}
          <Form method="post" className="rounded-xl border border-red-200 bg-white p-5">
            <h3 className="font-semibold">Delete the listing</h3>
            <p className="mt-1 text-sm">Its page and its figures go; its leads stay in your inbox. This cannot be undone: pause the listing to keep it.</p>
            <label className="mt-3 flex items-center gap-2">
              <input type="checkbox" name="confirmDelete" aria-describedby={answer?.deleteError ? 'delete-error' : undefined} className="h-4 w-4 accent-brand" />
              Yes, delete this listing
            </label>
            {answer?.deleteError ? (
              <p id="delete-error" role="alert" className="mt-1 text-sm font-medium text-red-800">
                {answer.deleteError}
              </p>
            ) : null}
            <button
              type="submit"
              name="intent"
              value="delete"
              className="mt-3 rounded-md border border-red-700 px-4 py-2 font-semibold text-red-800 hover:bg-red-50"
            >
              Delete listing
            </button>
          </Form>
        </section>
      )}
    </AccountPage>
  )
}

function SoldForm({ errors, values }: { errors: SoldErrors | undefined; values: { salesPrice: string; salesDate: string } | undefined }) {
  const field = (name: keyof SoldErrors, label: string, type: string, hint: string) => (
    <div className="mb-3">
      <label htmlFor={`sold-${name}`} className="block text-sm font-semibold">
        {label}
      </label>
      <p id={`sold-${name}-hint`} className="text-sm text-ink/70">
        {hint}
      </p>
      <input
        id={`sold-${name}`}
        name={name}
        type={type}
        inputMode={type === 'text' ? 'numeric' : undefined}
        defaultValue={values?.[name]}
        required
        aria-invalid={errors?.[name] ? true : undefined}
        aria-describedby={`${errors?.[name] ? `sold-${name}-error ` : ''}sold-${name}-hint`}
        className={controlStyle}
      />
      {errors?.[name] ? (
        <p id={`sold-${name}-error`} className="mt-1 text-sm font-medium text-red-800">
          {errors[name]}
        </p>
      ) : null}
    </div>
  )
  return (
    <Form method="post" noValidate className="rounded-xl border border-ink/15 bg-white p-5">
      <h3 className="font-semibold">Mark sold</h3>
      <div className="mt-3 grid gap-3 small:grid-cols-2">
        {field('salesPrice', 'Sale price ($)', 'text', 'What it sold for, in whole dollars.')}
        {field('salesDate', 'Sale date', 'date', 'The day it closed, as YYYY-MM-DD.')}
      </div>
      <button type="submit" name="intent" value="sold" className={buttonStyle}>
        Mark sold
      </button>
    </Form>
  )
}
