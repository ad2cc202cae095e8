import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { redirect } from 'react-router'
import { externalListingToolHref } from '~/models/listings/listing-tool.server'
import { sellerPaths } from '~/models/sellers/listing-draft'
import { becomeOwnerSeller } from '~/models/sellers/seller-scope.server'
import type { SiteProfile } from '~/models/sites/site-profile'
import { assertSameOrigin, readFormData } from '~/http/request-guard.server'
import { sendFormOnce } from './send-form-once.server'
import { requireViewer } from '~/http/session.server'

/**
 * /addlisting/ (spec §2, §6): Add a Property asks a visitor to log in first; a seller goes on to
 * the listing tool (ours, or the external one PROPERTY_CONTROL_CENTER_URL names), and a buyer may
 * become an owner who lists their own land.
 */
export async function loadAddListing(db: Kysely<Database>, site: SiteProfile, request: Request) {
  const viewer = await requireViewer(request, 'Add a Property')
  const query = new URL(request.url).searchParams
  return {
    contactName: viewer.contactName,
    isSeller: viewer.isSeller,
    addHref: externalListingToolHref(site, 'add', query) ?? sellerPaths.newListing,
    manageHref: externalListingToolHref(site, 'manage', query) ?? sellerPaths.listings,
  }
}

export async function handleAddListingPost(db: Kysely<Database>, site: SiteProfile, request: Request) {
  assertSameOrigin(request)
  const viewer = await requireViewer(request, 'Add a Property')
  // Twice at once (a double click) would make two owner accounts: once per form key.
  const location = await sendFormOnce(db, 'add-listing', await readFormData(request), async () => {
    await becomeOwnerSeller(db, viewer.id)
    return externalListingToolHref(site, 'add', new URL(request.url).searchParams) ?? sellerPaths.newListing
  })
  return redirect(location, 303)
}
