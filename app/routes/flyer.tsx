import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { useEffect, useState } from 'react'
import { ListingDescription, ListingKeyFacts } from '~/components/listing-facts'
import { telHref } from '~/utils/tel-href'
import { resizedImagePath } from '~/models/media/document-ids'
import { databaseContext } from '~/http/database.server'
import { loadFlyer } from '~/routes/listing/page.server'
import { siteFromRequest } from '~/sites/site.server'
import { brokerDisplayName, formatAcres, formatPrice } from '~/utils/format'
import { headContextFrom, pageMeta } from '~/utils/page-meta'
import { fixedRenditions } from '~/utils/image-renditions'
import { useSite, useSiteOrigin } from '~/hooks/use-site'

/** Spec §2 /flyer/{propertyId}: a one-page printable flyer of a listing. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const site = siteFromRequest(request)
  const listingId = Number(params.propertyId)
  if (!site.searchGrammar || !/^\d{1,9}$/.test(params.propertyId ?? '')) throw new Response('Not Found', { status: 404 })
  return loadFlyer(context.get(databaseContext), site, request, listingId)
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return []
  // The listing page is the one to index; the flyer repeats it for paper.
  return pageMeta(headContextFrom(matches), { title: `Flyer: ${data.title}`, description: data.listing.title, canonicalPath: data.listingPath, noindex: true })
}

function PrintButton() {
  // Printing needs scripts; without them the browser's own Print command does the same.
  const [canPrint, setCanPrint] = useState(false)
  useEffect(() => setCanPrint(true), [])
  if (!canPrint) return null
  return (
    <button type="button" onClick={() => window.print()} className="rounded-md bg-brand px-4 py-2 font-semibold text-brand-contrast print:hidden">
      Print this flyer
    </button>
  )
}

export default function Flyer() {
  const { listing, listingPath, listedOn } = useLoaderData<typeof loader>()
  const site = useSite()
  const origin = useSiteOrigin()
  const [firstPhoto, ...otherPhotos] = listing.imageIds
  return (
    <article className="mx-auto max-w-3xl bg-white p-6 text-stone-900 print:max-w-none print:p-0" aria-labelledby="flyer-title">
      <div className="flex items-start justify-between gap-4">
        <p className="text-lg font-bold text-brand">{site.name}</p>
        <PrintButton />
      </div>
      <h1 id="flyer-title" className="mt-2 text-3xl font-bold">
        {listing.title}
      </h1>
      <p className="mt-1 text-xl">
        {formatPrice(listing.price)} · {formatAcres(listing.acres)} · {listing.countyName}, {listing.stateAbbreviation}
      </p>
      {firstPhoto !== undefined ? (
        <div className="mt-4 grid grid-cols-3 gap-2">
          <img
            src={resizedImagePath(firstPhoto, fixedRenditions.flyerPhoto)}
            width={1200}
            height={800}
            alt={listing.title}
            className="col-span-3 h-auto w-full rounded"
          />
          {otherPhotos.slice(0, 3).map((photoId, index) => (
            // eslint-disable-next-line jsx-a11y/img-redundant-alt -- 'photo n' is the photo's place in the listing's set, named so across the site
            <img
              key={photoId}
              src={resizedImagePath(photoId, fixedRenditions.flyerThumbnail)}
              width={400}
              height={267}
              alt={`${listing.title}, photo ${index + 2}`}
              className="h-auto w-full rounded"
            />
          ))}
        </div>
      ) : null}
      <div className="mt-5">
        <ListingKeyFacts listing={listing} listedOn={listedOn} />
      </div>
      <div className="mt-5 print:line-clamp-[12]">
        <ListingDescription listing={listing} />
      </div>
      <footer className="mt-6 flex flex-wrap items-end justify-between gap-4 border-t border-stone-300 pt-4">
        {listing.broker ? (
          <div>
            <p className="font-semibold">{brokerDisplayName(listing.broker)}</p>
            {listing.broker.companyName ? <p>{listing.broker.companyName}</p> : null}
            {listing.broker.phone ? <a href={telHref(listing.broker.phone)}>{listing.broker.phone}</a> : null}
          </div>
        ) : null}
        <p className="text-sm">
          See every photo and contact the seller at
          <br />
          <a href={listingPath} className="font-semibold text-brand">
            {new URL(listingPath, origin).href}
          </a>
        </p>
      </footer>
    </article>
  )
}
