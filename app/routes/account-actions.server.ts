import type { Kysely } from 'kysely'
import type { SiteProfile } from '~/models/sites/site-profile'
import { assertSameOrigin, readFormData } from '~/http/request-guard.server'
import { pathOnHost, safeRedirectPath } from '~/utils/safe-redirect'
import { accountPaths, likeFormId, savedSearchConfirmationParam } from '~/models/accounts/account-paths'
import type { Database } from '~/models/db/db-schema'
import { saveSearch, searchToSave } from '~/models/accounts/saved-search.server'
import { type SavedSearchNotify, savedSearchNotifyOptions } from '~/models/accounts/saved-search'
import { isListingOnSite, likeListing, unlikeListing } from '~/models/accounts/saved-property.server'
import { type PendingAction, commitSession, getSession, getViewer, loginPath, setPendingAction } from '~/http/session.server'
import type { LoginSectionName } from '~/models/accounts/login-sections'

/**
 * Like, unlike and Save Search (spec §4 "Like": applies at once when logged in; otherwise the
 * visitor logs in first and the action applies after login). Each is read from a form into a
 * `PendingAction`, then applied for the viewer, or kept in the session while they log in.
 */
function badRequest(message: string): never {
  throw new Response(message, { status: 400 })
}

/** The page the action came from: its `returnTo` field, else the Referer on this host, else `fallback`. */
function returnPath(request: Request, form: FormData, fallback: string) {
  const host = request.headers.get('host') ?? new URL(request.url).host
  return safeRedirectPath(form.get('returnTo'), pathOnHost(request.headers.get('referer'), host) ?? fallback)
}

/** A like or unlike form: the intent, an existing listing of the site, and where to return. */
export async function readLikeForm(db: Kysely<Database>, site: SiteProfile, request: Request, form: FormData): Promise<PendingAction> {
  const intent = form.get('intent')
  const listingId = Number(form.get('listingId'))
  if (intent !== 'like' && intent !== 'unlike') badRequest('Unknown intent')
  if (!Number.isSafeInteger(listingId) || listingId <= 0) badRequest('Unknown listing')
  if (!(await isListingOnSite(db, listingId, site.listingScopeBits))) throw new Response('Not Found', { status: 404 })
  const page = returnPath(request, form, accountPaths.favorites)
  return { kind: intent, listingId, returnTo: page.includes('#') ? page : `${page}#${likeFormId(listingId)}` }
}

/**
 * A Save Search form: a search path of this site (spec §3 "Saved search" path) and, if chosen, how
 * often it e-mails (no choice keeps the spec's default, 'No Updates'); anything else is a 400.
 */
export async function readSaveSearchForm(db: Kysely<Database>, site: SiteProfile, form: FormData): Promise<PendingAction> {
  const path = safeRedirectPath(form.get('path'), '')
  if (!path || !(await searchToSave(db, site, path))) badRequest(`This is not a search on ${site.name}, so it cannot be saved.`)
  const notify = form.get('notify') ?? undefined
  if (notify !== undefined && !savedSearchNotifyOptions.some((option) => option === notify)) badRequest('Please choose how often the search e-mails you.')
  return { kind: 'save-search', path, notify: notify as SavedSearchNotify | undefined, returnTo: path }
}

/** Where a saved search's page confirms it: the search with `?saved=search`. */
function confirmedSearchPath(path: string) {
  const url = new URL(path, 'http://same-site.invalid')
  url.searchParams.set(savedSearchConfirmationParam, 'search')
  return `${url.pathname}${url.search}`
}

/**
 * Applies an action for a signed-in user and tells where to go next. A listing or search that is
 * gone by now (a pending action, applied later) is skipped: the user just returns to the page.
 */
export async function applyAccountAction(db: Kysely<Database>, site: SiteProfile, userId: number, action: PendingAction): Promise<string> {
  switch (action.kind) {
    case 'like':
      if (await isListingOnSite(db, action.listingId, site.listingScopeBits)) await likeListing(db, { userId, listingId: action.listingId, siteId: site.siteId })
      return action.returnTo
    case 'unlike':
      await unlikeListing(db, { userId, listingId: action.listingId })
      return action.returnTo
    case 'save-search': {
      const search = await searchToSave(db, site, action.path)
      if (!search) return action.returnTo
      await saveSearch(db, { userId, siteId: site.siteId, search, notify: action.notify })
      return confirmedSearchPath(action.returnTo)
    }
  }
}

const sectionNames: Record<PendingAction['kind'], LoginSectionName> = { like: 'Favorites', unlike: 'Favorites', 'save-search': 'Saved Searches' }

type AccountActionOutcome =
  { isApplied: true; action: PendingAction; location: string } | { isApplied: false; action: PendingAction; location: string; headers: HeadersInit }

/**
 * One like, unlike or Save Search post: applied for the viewer, or kept in the visitor's session
 * with the login page (spec §2: origin location and '{site} {section}' title) as the way on.
 */
export async function handleAccountAction(
  db: Kysely<Database>,
  site: SiteProfile,
  request: Request,
  readForm: (form: FormData) => Promise<PendingAction>,
): Promise<AccountActionOutcome> {
  assertSameOrigin(request)
  const action = await readForm(await readFormData(request))
  const viewer = await getViewer(request)
  if (viewer) return { isApplied: true, action, location: await applyAccountAction(db, site, viewer.id, action) }
  const session = await getSession(request)
  setPendingAction(session, action)
  return { isApplied: false, action, location: loginPath(action.returnTo, sectionNames[action.kind]), headers: await commitSession(session, request) }
}
