import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from 'react-router'
import { useLoaderData } from 'react-router'
import { FormPage } from '~/components/account-page'
import { submitButtonStyle } from '~/components/form-field'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import { headContextFrom, pageMeta } from '~/utils/page-meta'
import { useSite } from '~/hooks/use-site'
import { loadListingExternalLink } from './listing-external-link.server'

/**
 * A listing's link to another site: recorded, then on its way, or for a listing whose owner neither
 * pays us nor was approved by us, first a 'You are leaving' page that names where the link goes
 * (loadListingExternalLink).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return loadListingExternalLink(context.get(databaseContext), siteFromRequest(request), request, params)
}

// Every visit is a click to count: no shared cache may answer for the server.
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => {
  const context = headContextFrom(matches)
  const siteName = context?.site.name ?? ''
  return pageMeta(context, {
    title: `You are leaving ${siteName}`,
    description: `This link leads away from ${siteName}, to an address the seller gave.`,
    canonicalPath: data?.path ?? '/',
    noindex: true,
  })
}

export default function ListingExternalLink() {
  const page = useLoaderData<typeof loader>()
  const site = useSite()
  return (
    <FormPage heading={`You are leaving ${site.name}`}>
      <p className="mb-4">
        The link on <a href={page.listingPath}>{page.listingTitle}</a> leads to another site, which {site.name} does not check. It goes to:
      </p>
      <p className="mb-6 break-all rounded-md bg-gray-100 p-3 font-mono text-sm">{page.destination}</p>
      <p className="flex flex-wrap items-center gap-4">
        <a href={page.destination} rel="nofollow noopener noreferrer" className={submitButtonStyle}>
          {`Continue to ${page.destinationHost}`}
        </a>
        <a href={page.listingPath} className="font-semibold text-brand underline">
          Back to the listing
        </a>
      </p>
    </FormPage>
  )
}
