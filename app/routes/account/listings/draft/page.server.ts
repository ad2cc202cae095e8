import { data, redirect } from 'react-router'
import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { comparableCountyName } from '~/models/listings/listing-quality.server'
import { externalListingToolHref } from '~/models/listings/listing-tool.server'
import { loadGazetteer } from '~/models/places/gazetteer.server'
import { configuredPhotoStorage } from '~/models/media/photo-store.server'
import { type FormStepKey, checkDraftStep, draftFieldRules } from '~/models/sellers/listing-draft-fields'
import { draftFieldRulesOnServer } from '~/models/sellers/listing-draft-rules.server'
import {
  type DraftStepKey,
  type ListingDraftData,
  draftStepPath,
  draftSteps,
  isDraftStep,
  maxListingPhotos,
  sellerListingPath,
  sellerPaths,
} from '~/models/sellers/listing-draft'
import { type ListingDraft, createDraft, deleteDraft, findSellerDraft, saveDraft } from '~/models/sellers/listing-drafts.server'
import { firstUnfinishedStep, publishDraft, reviewDraft } from '~/models/sellers/listing-publish.server'
import { findSellerListing } from '~/models/sellers/seller-listings.server'
import type { SellerScope } from '~/models/sellers/seller-scope.server'
import type { SiteProfile } from '~/models/sites/site-profile'
import { assertSameOrigin, readFormData } from '~/http/request-guard.server'
import { requireViewer } from '~/http/session.server'
import { backTo, notFound, requireSellerScope } from '~/routes/account/listings/seller-access.server'
import { sendFormOnce } from '~/routes/send-form-once.server'
import { takePhotoUploadOutcome } from './photo-upload.server'

/**
 * The listing form of the sellers' tool (issue 15 §2): /account/listings/new/ starts a listing at
 * its first step, /account/listings/drafts/{id}/{step}/ is each step of a draft. Every step is a
 * POST that saves what was typed, right or wrong, and redirects: to the next step when the step is
 * complete, else back to it with its messages. Nothing typed is lost on a slow or dropped link.
 */

const sectionName = 'Add a Property'
/** No field of the form is longer; a longer value is cut rather than refused, so the rest still saves. */
const maxPostedTextLength = 20_000

async function stateOptions(db: Kysely<Database>) {
  const gazetteer = await loadGazetteer(db)
  return gazetteer.states.map((state) => ({ abbreviation: state.abbreviation, name: state.name })).sort((a, b) => a.name.localeCompare(b.name))
}

const abbreviationsOf = (states: readonly { abbreviation: string }[]) => new Set(states.map((state) => state.abbreviation))

async function draftOf(db: Kysely<Database>, scope: SellerScope, params: { draftId?: string; step?: string }) {
  const draftId = /^[1-9]\d{0,9}$/.test(params.draftId ?? '') ? Number(params.draftId) : undefined
  const draft = draftId === undefined ? undefined : await findSellerDraft(db, scope, draftId)
  if (!draft || !isDraftStep(params.step)) throw notFound()
  return { draft, step: params.step }
}

/** A new listing may start at a place its address gives (AcreWorth's 'List this property'): state, county and point. */
function placeFromQuery(query: URLSearchParams): ListingDraftData {
  const fields = ['state', 'county', 'latitude', 'longitude'] as const
  return Object.fromEntries(
    fields.flatMap((name) => {
      const value = query.get(name)?.trim().slice(0, 100)
      return value ? [[name, value]] : []
    }),
  )
}

export async function loadDraftStep(db: Kysely<Database>, site: SiteProfile, request: Request, params: { draftId?: string; step?: string }) {
  const isNew = params.draftId === undefined
  if (isNew) {
    await requireViewer(request, sectionName)
    const external = externalListingToolHref(site, 'add', new URL(request.url).searchParams)
    if (external) throw redirect(external)
  }
  const scope = await requireSellerScope(db, request, site, sectionName)
  const states = await stateOptions(db)
  if (isNew) {
    const empty = placeFromQuery(new URL(request.url).searchParams)
    return data({
      draftId: null,
      listing: null,
      step: 'place' as DraftStepKey,
      data: empty,
      result: undefined,
      review: undefined,
      states,
      mapCenter: await mapCenterOf(db, empty),
      uploadOutcome: null,
    })
  }
  const { draft, step } = await draftOf(db, scope, params)
  const review = await reviewDraft(db, draft, abbreviationsOf(states))
  const isShowingErrors = (draft.data.savedSteps ?? []).includes(step)
  const errors = isShowingErrors && step in draftFieldRules ? review.errors[step as FormStepKey] : undefined
  const listing = draft.listingId === null ? null : ((await findSellerListing(db, scope, draft.listingId)) ?? null)
  // The upload's outcome, kept once in the session when the upload came without scripts.
  const upload = step === 'photos' ? await takePhotoUploadOutcome(request) : { outcome: undefined, headers: {} }
  return data(
    {
      draftId: draft.id,
      listing: listing && { id: listing.id, title: listing.title },
      step,
      data: draft.data,
      // conform's answer shape, so the step's fields are marked and the first wrong one is focused.
      result: errors ? { status: 'error' as const, initialValue: null, error: errors as Record<string, string[]> } : undefined,
      review,
      states,
      mapCenter: await mapCenterOf(db, draft.data),
      uploadOutcome: upload.outcome ?? null,
    },
    { headers: upload.headers },
  )
}

/** Where the point picker's map opens: the county typed, else the state, else the whole country. */
async function mapCenterOf(db: Kysely<Database>, data: ListingDraftData) {
  const state = data.state
    ? await db.selectFrom('states').select(['id', 'latitude', 'longitude']).where('abbreviation', '=', data.state).executeTakeFirst()
    : undefined
  if (!state) return { latitude: 39.8, longitude: -98.6, zoom: 3 }
  const countyName = comparableCountyName(data.county ?? '')
  const counties = countyName ? await db.selectFrom('counties').select(['name', 'latitude', 'longitude']).where('state_id', '=', state.id).execute() : []
  const county = counties.find((candidate) => comparableCountyName(candidate.name) === countyName)
  return county ? { latitude: county.latitude, longitude: county.longitude, zoom: 9 } : { latitude: state.latitude, longitude: state.longitude, zoom: 6 }
}

/** The step's fields from the posted form, as typed (checkbox lists as lists, unticked boxes as absent). */
function postedStepData(step: FormStepKey, form: FormData): ListingDraftData {
  const posted: Record<string, string | string[] | undefined> = {}
  for (const field of Object.keys(draftFieldRules[step])) {
    if (field === 'propertyTypes' || field === 'activities') {
      posted[field] = form.getAll(field).map(String)
      continue
    }
    const value = form.get(field)
    posted[field] = typeof value === 'string' && value !== '' ? value.slice(0, maxPostedTextLength) : undefined
  }
  return posted as ListingDraftData
}

/** The photos step's posted changes: captions as typed, then the one photo action of the button pressed. */
function postedPhotos(data: ListingDraftData, form: FormData) {
  const photos = (data.photos ?? []).map((photo) => {
    const caption = form.get(`caption-${photo.documentId}`)
    return typeof caption === 'string' ? { ...photo, caption: caption.trim().slice(0, 200) } : photo
  })
  const [action, id] = String(form.get('photoAction') ?? '').split(':')
  const index = photos.findIndex((photo) => photo.documentId === Number(id))
  if (index < 0) return photos
  const [photo] = photos.splice(index, 1)
  if (action === 'up') photos.splice(Math.max(0, index - 1), 0, photo!)
  if (action === 'down') photos.splice(Math.min(photos.length, index + 1), 0, photo!)
  if (action === 'cover') photos.unshift(photo!)
  return photos.slice(0, maxListingPhotos)
}

const stepAfter = (step: DraftStepKey, offset: number) =>
  draftSteps[Math.min(draftSteps.length - 1, Math.max(0, draftSteps.findIndex((item) => item.key === step) + offset))]!.key

export async function handleDraftStepPost(db: Kysely<Database>, site: SiteProfile, request: Request, params: { draftId?: string; step?: string }) {
  assertSameOrigin(request)
  const scope = await requireSellerScope(db, request, site, sectionName)
  const form = await readFormData(request)
  // A step posted twice (a double click, a retry after a dropped connection) makes one draft and publishes once.
  return backTo(await sendFormOnce(db, 'listing-draft', form, () => doDraftStep(db, scope, form, params)))
}

/** One step's submission saved (or the draft discarded or published); answers where the seller goes next. */
async function doDraftStep(db: Kysely<Database>, scope: SellerScope, form: FormData, params: { draftId?: string; step?: string }): Promise<string> {
  const intent = String(form.get('intent') ?? 'save')

  let draft: Pick<ListingDraft, 'id' | 'data' | 'listingId' | 'accountId' | 'updatedAt'>
  let step: DraftStepKey
  if (params.draftId === undefined) {
    step = 'place'
    const data = { ...postedStepData('place', form), savedSteps: ['place' as const] }
    draft = { id: await createDraft(db, scope, data), data, listingId: null, accountId: scope.accountId, updatedAt: '' }
  } else {
    ;({ draft, step } = await draftOf(db, scope, params))
    if (intent === 'discard') {
      await deleteDraft(db, draft)
      return draft.listingId === null ? sellerPaths.listings : sellerListingPath(draft.listingId)
    }
    if (step === 'review') return publish(db, scope, draft as ListingDraft, form)
    const changes = step === 'photos' ? { photos: postedPhotos(draft.data, form) } : step in draftFieldRules ? postedStepData(step as FormStepKey, form) : {}
    const savedSteps = [...new Set([...(draft.data.savedSteps ?? []), step])]
    draft = { ...draft, data: { ...draft.data, ...changes, savedSteps } }
    await saveDraft(db, draft, draft.data)
  }

  if (intent === 'back') return draftStepPath(draft.id, stepAfter(step, -1))
  if (intent !== 'next') return draftStepPath(draft.id, step)
  const isComplete =
    !(step in draftFieldRules) ||
    Object.keys(checkDraftStep(step as FormStepKey, draft.data, abbreviationsOf(await stateOptions(db)), draftFieldRulesOnServer)).length === 0
  return draftStepPath(draft.id, isComplete ? stepAfter(step, 1) : step)
}

async function publish(db: Kysely<Database>, scope: SellerScope, draft: ListingDraft, form: FormData) {
  const outcome = await publishDraft(db, scope, draft, {
    isConfirmed: form.get('confirmed') === 'on',
    stateAbbreviations: abbreviationsOf(await stateOptions(db)),
    photoStorage: configuredPhotoStorage(),
  })
  if (outcome.ok) return `${sellerListingPath(outcome.listingId)}?published=${outcome.isHeld ? 'held' : draft.listingId === null ? 'new' : 'changes'}`
  // Back to the review, which shows what stops it; a missing confirmation is marked on the review.
  const unfinished = firstUnfinishedStep(outcome.review)
  return `${draftStepPath(draft.id, 'review')}${unfinished ? '' : '?confirm=needed'}`
}
