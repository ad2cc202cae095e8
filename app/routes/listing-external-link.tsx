import type { LoaderFunctionArgs } from 'react-router'
import { getDb } from '~/models/db/db.server'
import { siteFromRequest } from '~/sites/site.server'
import { listingExternalLinkRedirect } from './listing.server'

/** A listing's link to another site: recorded, then on its way (listingExternalLinkRedirect). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return listingExternalLinkRedirect(getDb(), siteFromRequest(request), request, params)
}

/** Never rendered (the loader redirects or throws); having a component makes a 404 the site's own error page. */
export default function ListingExternalLink() {
  return null
}
