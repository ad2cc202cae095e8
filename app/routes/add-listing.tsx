import { databaseContext } from '~/http/database.server'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { FormConnection } from '~/components/form-connection'
import type { SiteFooterHandle } from '~/components/site-footer'
import { siteFromRequest } from '~/sites/site.server'
import { useSite } from '~/hooks/use-site'
import { handleAddListingPost, loadAddListing } from './add-listing.server'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'

/** /addlisting/ (spec §2, §6): Add a Property, after logging in, leads a seller to the listing tool and lets a buyer list their own land. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadAddListing(context.get(databaseContext), siteFromRequest(request), request)
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleAddListingPost(context.get(databaseContext), siteFromRequest(request), request)
}

export const headers = privatePageHeaders

/** Spec §2: the footer is hidden on add-listing. */
export const handle: SiteFooterHandle & AnalyticsHandle = { hidesFooter: true, analytics: 'seller-tool' }

export const meta: MetaFunction = ({ matches }) =>
  accountPageMeta(matches, {
    title: 'Add a Property',
    description: 'List land for sale: add a property with photos, price and acreage, and manage your listings.',
    canonicalPath: '/addlisting/',
  })

const primaryStyle = 'rounded-md bg-accent px-5 py-3 font-semibold text-white hover:brightness-110'

export default function AddListing() {
  const { contactName, isSeller, addHref, manageHref } = useLoaderData<typeof loader>()
  const site = useSite()
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-brand">Add a Property</h1>
      <p className="mt-4 text-lg">{`Welcome, ${contactName}. Add the place, the price and acreage, a description and photos, step by step: every step is saved as you go, and a new listing appears on ${site.name} once you publish it.`}</p>
      <ul className="mt-6 list-disc space-y-2 pl-6">
        <li>Owners can list their own land; brokers, agents and auctioneers can list for their clients.</li>
        <li>Have the county, the acreage, the asking price and a few good photos ready.</li>
        <li>Buyers contact you through the listing: their messages arrive by e-mail and in your leads inbox.</li>
      </ul>
      <div className="mt-8 flex flex-wrap gap-3">
        {isSeller ? (
          <>
            <a href={addHref} className={primaryStyle}>
              Continue to the listing tool
            </a>
            <a href={manageHref} className="rounded-md border border-brand px-5 py-3 font-semibold text-brand hover:bg-brand/10">
              Manage my listings
            </a>
          </>
        ) : (
          <form method="post" id="add-listing">
            <p className="mb-3">Your account is a buyer&rsquo;s. List land you own, and your account becomes an owner&rsquo;s seller account as well.</p>
            <button type="submit" className={primaryStyle}>
              List my own land
            </button>
            <FormConnection formId="add-listing" />
          </form>
        )}
      </div>
    </div>
  )
}
