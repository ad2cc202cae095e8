import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { data, redirect } from 'react-router'
import { findSellerScope } from '~/models/sellers/seller-scope.server'
import type { SiteProfile } from '~/models/sites/site-profile'
import { requireViewer } from '~/http/session.server'
import type { LoginSectionName } from '~/models/accounts/login-sections'

/**
 * Who may use the sellers' tool (spec §6, issue 15): a visitor is sent to log in and back; a
 * signed-in buyer gets 403 (the page says how to become a seller); a seller gets their scope.
 */
export async function requireSellerScope(db: Kysely<Database>, request: Request, site: SiteProfile, sectionName: LoginSectionName) {
  const viewer = await requireViewer(request, sectionName)
  const scope = await findSellerScope(db, viewer.id)
  if (!scope) throw data({ reason: 'not-a-seller' }, { status: 403 })
  return scope
}

/** A listing, draft or lead that is not the seller's answers as one that does not exist. */
export const notFound = () => new Response('Not Found', { status: 404 })

/** A page of the tool given by a path segment ('2'), or a 404 for anything that is not a page number. */
export function pageNumberOf(value: string | null) {
  if (value === null) return 1
  if (!/^[1-9]\d{0,5}$/.test(value)) throw notFound()
  return Number(value)
}

/** After a form post, back to a page of the tool (303, so a reload does not post again). */
export const backTo = (path: string) => redirect(path, 303)
