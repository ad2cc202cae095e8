import { AccountPage } from '~/components/account-page'
import { ColumnHeadings, ScrollRegion } from '~/components/data-table'
import { Confirmation } from '~/components/form-field'
import { Pagination } from '~/components/pagination'
import { draftStepPath, sellerListingPath, sellerPaths } from '~/models/sellers/listing-draft'
import { sellerStatusFilters } from '~/models/sellers/seller-listing-status'
import { formatAcres, formatLongDate, formatPrice } from '~/utils/format'
import type { Route } from './+types/route'

const columns = ['Listing', 'Status', 'Tier', 'Price', 'Acres', 'Photos', 'Last change', 'Views (30 days)', 'Leads (30 days)']

export function ManageListings({ loaderData: { filter, total, drafts, listings, pagination, isDeleted } }: Route.ComponentProps) {
  return (
    <AccountPage current="My Listings" heading="Manage Listings">
      {isDeleted ? <Confirmation>The listing is deleted: it has left the sites.</Confirmation> : null}
      <p>
        <a href={sellerPaths.newListing} className="inline-block rounded-md bg-accent px-5 py-3 font-semibold text-white hover:brightness-110">
          Add a listing
        </a>
      </p>
      {drafts.length > 0 ? (
        <section aria-labelledby="drafts-heading" className="mt-6">
          <h2 id="drafts-heading" className="text-xl font-semibold">
            Drafts
          </h2>
          <ul className="mt-2 space-y-1">
            {drafts.map((draft) => (
              <li key={draft.id}>
                <a href={draftStepPath(draft.id, 'review')} className="font-semibold text-brand underline">
                  {draft.title}
                </a>
                <span className="text-sm text-ink/70">
                  {` ${draft.listingId === null ? 'new listing' : 'changes not yet published'}${draft.place ? `, ${draft.place}` : ''}, saved ${formatLongDate(draft.updatedAt)}`}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="listings-heading" className="mt-6">
        <h2 id="listings-heading" className="text-xl font-semibold">
          {`Listings (${total.toLocaleString('en-US')})`}
        </h2>
        <nav aria-label="Filter by status" className="mt-2">
          <ul className="flex flex-wrap gap-2 text-sm">
            {sellerStatusFilters.map((option) => (
              <li key={option.key}>
                <a
                  href={option.key === 'all' ? sellerPaths.listings : `${sellerPaths.listings}?status=${option.key}`}
                  aria-current={option.key === filter ? 'page' : undefined}
                  className="inline-block rounded-full border border-ink/30 px-3 py-1 hover:border-brand aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-brand-contrast"
                >
                  {option.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {listings.length === 0 ? (
          <p className="mt-3">{filter === 'all' ? 'You have no listings yet. Add your first one above.' : 'No listings have this status.'}</p>
        ) : (
          <ScrollRegion label="Your listings" className="mt-3">
            <table className="w-full border-collapse text-left text-sm">
              <ColumnHeadings headings={columns} numeric={['Price', 'Acres', 'Photos', 'Views (30 days)', 'Leads (30 days)']} />
              <tbody>
                {listings.map((listing) => (
                  <tr key={listing.id} className="border-t border-ink/10">
                    <th scope="row" className="px-3 py-2 font-medium">
                      <a href={sellerListingPath(listing.id)} className="text-brand underline">
                        {listing.title}
                      </a>
                      {listing.isFromFeed ? <span className="block text-xs text-ink/70">From your feed</span> : null}
                    </th>
                    <td className="px-3 py-2">{listing.statusLabel}</td>
                    <td className="px-3 py-2 capitalize">{listing.tier}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatPrice(listing.price)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatAcres(listing.acres)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{listing.photoCount}</td>
                    <td className="whitespace-nowrap px-3 py-2">{formatLongDate(listing.updatedAt)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{listing.views.toLocaleString('en-US')}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{listing.leads.toLocaleString('en-US')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
        <Pagination {...pagination} />
      </section>
    </AccountPage>
  )
}
