import type { Kysely } from 'kysely'
import { redirect } from 'react-router'
import type { Database } from '~/models/db/db-schema'
import { configuredPhotoStorage } from '~/models/media/photo-store.server'
import { draftStepPath, maxListingPhotos } from '~/models/sellers/listing-draft'
import { findSellerDraft } from '~/models/sellers/listing-drafts.server'
import type { PhotoUploadOutcome, UploadFailure } from '~/models/sellers/photo-upload-rules'
import { addUploadsToDraft, receivePhotoUploads } from '~/models/sellers/photo-uploads.server'
import { findSellerScope } from '~/models/sellers/seller-scope.server'
import type { SiteProfile } from '~/models/sites/site-profile'
import { assertSameOrigin } from '~/http/request-guard.server'
import { commitSession, getSession, getViewerId, loginPath } from '~/http/session.server'
import { notFound } from '~/routes/account/listings/seller-access.server'

/**
 * A draft's photo upload (issue 15 §3): the photos step's form posts here without scripts and is
 * sent back to the step, which shows the outcome once; the upload control's scripts post one file
 * at a time with `Accept: application/json` and get `{ stored, failures }`.
 */

/** The failures' sentences that ride back in the session cookie (4 KB in all) to the page without scripts. */
const MAX_FLASHED_CHARACTERS = 1500

function draftIdFrom(param: string | undefined) {
  if (!/^[1-9]\d{0,14}$/.test(param ?? '')) throw notFound()
  return Number(param)
}

/** A visitor goes to log in and comes back to the photos step; a buyer, or another seller's draft, is a 404 (spec §6). */
async function requireOwnDraft(db: Kysely<Database>, site: SiteProfile, request: Request, draftId: number) {
  const userId = await getViewerId(request)
  if (userId === null) throw redirect(loginPath(draftStepPath(draftId, 'photos'), 'Manage Listings'))
  const scope = await findSellerScope(db, userId)
  const draft = scope && (await findSellerDraft(db, scope, draftId))
  if (!draft) throw notFound()
  return draft
}

/** A GET here (a reload, a link) goes to the photos step, which has the form. */
export function photosStepRedirect(draftIdParam: string | undefined) {
  return redirect(draftStepPath(draftIdFrom(draftIdParam), 'photos'))
}

/** As many of the failures as fit in the cookie, and a count of the rest. */
function failuresToFlash(failures: UploadFailure[]): UploadFailure[] {
  let characters = 0
  const kept = failures.filter((failure) => (characters += failure.message.length) <= MAX_FLASHED_CHARACTERS)
  const rest = failures.length - kept.length
  return rest === 0 ? kept : [...kept, { message: `${rest} more ${rest === 1 ? 'file was' : 'files were'} not added.` }]
}

export async function handlePhotoUpload(db: Kysely<Database>, site: SiteProfile, request: Request, draftIdParam: string | undefined) {
  if (request.method !== 'POST') throw new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } })
  assertSameOrigin(request)
  const draft = await requireOwnDraft(db, site, request, draftIdFrom(draftIdParam))
  const upload = await receivePhotoUploads(request, {
    photoStorage: configuredPhotoStorage(),
    remainingSlots: maxListingPhotos - (draft.data.photos?.length ?? 0),
  })
  const { stored, failures } = await addUploadsToDraft(db, draft, upload)
  if (request.headers.get('accept')?.includes('application/json')) {
    const status = upload.problem === 'too-large' ? 413 : upload.problem === 'malformed' ? 400 : 200
    return Response.json({ stored, failures }, { status })
  }
  const session = await getSession(request)
  session.flash('photoUploadOutcome', { storedCount: stored.length, failures: failuresToFlash(failures) })
  return redirect(draftStepPath(draft.id, 'photos'), { status: 303, headers: await commitSession(session, request) })
}

/**
 * For the photos step's loader: what the last upload without scripts did, once. Pass `headers`
 * on with the page: they consume the outcome (a flash), and are empty when there was none.
 */
export async function takePhotoUploadOutcome(request: Request): Promise<{ outcome: PhotoUploadOutcome | undefined; headers: HeadersInit }> {
  const session = await getSession(request)
  const outcome = session.get('photoUploadOutcome')
  return { outcome, headers: outcome ? await commitSession(session, request) : {} }
}
