import { redirect } from 'react-router'
import { databaseContext } from '~/http/database.server'
import { assertSameOrigin, readFormData } from '~/http/request-guard.server'
import { sellerListingPath } from '~/models/sellers/listing-draft'
import { visitBookingSectionId } from '~/models/visits/visit-paths'
import { setListingTakesVisits } from '~/models/visits/visit-requests.server'
import { backTo, notFound, requireSellerScope } from '~/routes/account/listings/seller-access.server'
import { siteFromRequest } from '~/sites/site.server'
import type { Route } from './+types/visits'

/**
 * /account/listings/{id}/visits/ (issue 38 item 3): a listing's 'Takes visit bookings' switch, from
 * its page in the sellers' tool; only the listing's own seller turns it on or off.
 */
const listingIdOf = (param: string | undefined) => (/^[1-9]\d{0,9}$/.test(param ?? '') ? Number(param) : Number.NaN)

export async function action({ request, params, context }: Route.ActionArgs) {
  assertSameOrigin(request)
  const db = context.get(databaseContext)
  const scope = await requireSellerScope(db, request, siteFromRequest(request), 'Manage Listings')
  const listingId = listingIdOf(params.listingId)
  const takesVisits = (await readFormData(request)).get('takesVisits') === 'on'
  if (!(await setListingTakesVisits(db, scope, listingId, takesVisits, new Date()))) throw notFound()
  return backTo(`${sellerListingPath(listingId)}#${visitBookingSectionId}`)
}

/** The switch has no page of its own: the listing's page shows it. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(sellerListingPath(listingIdOf(params.listingId)))
}
