import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { accountPageMeta, privatePageHeaders } from '~/components/account-page'
import type { SiteFooterHandle } from '~/components/site-footer'
import { listingToolHref } from '~/models/listings/listing-tool.server'
import { requireViewer } from '~/utils/session.server'
import { siteFromRequest } from '~/sites/site.server'
import { useSite } from '~/utils/use-site'

/**
 * /addlisting/ (spec §2, §6): Add a Property asks a visitor to log in first, then sends the
 * seller on to the listing tool; a seller can manage the listings they have there too.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const site = siteFromRequest(request)
  const viewer = await requireViewer(request, site, 'Add a Property')
  const query = new URL(request.url).searchParams
  return {
    contactName: viewer.contactName,
    isSeller: viewer.isSeller,
    addHref: listingToolHref(site, 'add', query),
    manageHref: listingToolHref(site, 'manage', query),
  }
}

export const headers = privatePageHeaders

/** Spec §2: the footer is hidden on add-listing. */
export const handle: SiteFooterHandle = { hidesFooter: true }

export const meta: MetaFunction = ({ matches }) =>
  accountPageMeta(matches, {
    title: 'Add a Property',
    description: 'List land for sale: add a property with photos, price and acreage, and manage your listings.',
    canonicalPath: '/addlisting/',
  })

export default function AddListing() {
  const { contactName, isSeller, addHref, manageHref } = useLoaderData<typeof loader>()
  const site = useSite()
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-brand">Add a Property</h1>
      <p className="mt-4 text-lg">{`Welcome, ${contactName}. Listings are written in our listing tool, where you add the price, acreage, description, photos and documents; a new listing appears on ${site.name} once it is published.`}</p>
      <ul className="mt-6 list-disc space-y-2 pl-6">
        <li>Owners can list their own land; brokers, agents and auctioneers can list for their clients.</li>
        <li>Have the address or county, the acreage, the asking price and a few good photos ready.</li>
        <li>Buyers contact you through the listing: their messages arrive by e-mail.</li>
      </ul>
      <div className="mt-8 flex flex-wrap gap-3">
        <a href={addHref} className="rounded-md bg-accent px-5 py-3 font-semibold text-white hover:brightness-110">
          Continue to the listing tool
        </a>
        {isSeller ? (
          <a href={manageHref} className="rounded-md border border-brand px-5 py-3 font-semibold text-brand hover:bg-brand/10">
            Manage my listings
          </a>
        ) : null}
      </div>
    </div>
  )
}
