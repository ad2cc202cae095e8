import { parseWithZod } from '@conform-to/zod'
import { data, redirect } from 'react-router'
import type { Kysely } from 'kysely'
import { findUserDetails } from '~/models/accounts/user.server'
import { type LandRequest, type LandRequestPlace, landRequestPath } from '~/models/connector/land-request'
import { placeRows } from '~/models/connector/land-request-fields'
import { LandRequestSchema } from '~/models/connector/land-request-form'
import { refreshRequestLeads, sendRequestLeads } from '~/models/connector/land-request-leads.server'
import { locateRequestPlace, saveRequestSearches } from '~/models/connector/land-request-matches.server'
import { mergeRequestPlaces } from '~/models/connector/land-request-searches'
import { countLandRequests, createLandRequest, findLandRequest, landRequestsPerUser, updateLandRequest } from '~/models/connector/land-requests.server'
import type { Database } from '~/models/db/db-schema'
import { sendFormOnce } from '~/routes/send-form-once.server'
import { loadGazetteer } from '~/models/places/gazetteer.server'
import { siteOrigin } from '~/sites/site-origin.server'
import type { SiteProfile } from '~/models/sites/site-profile'
import { type FormRateLimit, refuseOverLimit } from '~/http/form-rate-limit.server'
import { assertSameOrigin, readFormData } from '~/http/request-guard.server'
import { requireOwnedRequest, requireRequestOwner } from '~/routes/lands-connector/page.server'

/**
 * The Lands Connector's form (issue 17 item 2): a new request at /lands-connector/new/, a change
 * at /lands-connector/{id}/edit/. Checked on the server (zod and the spec §5 rules, then each typed
 * place against the gazetteer); a success is stored, kept as saved searches, sent to the land
 * professionals of its places, and redirected to the request's page (post/redirect/get).
 */
const fullMessage = `You have ${landRequestsPerUser} land requests on this site: delete one to describe another.`
/**
 * New requests a buyer may send a day: each reaches up to five professionals, so this bounds what
 * one account can send them. Counted once a request has passed every check (decision 0053).
 */
const newRequestsPerDay: FormRateLimit = {
  limit: landRequestsPerUser,
  windowMs: 24 * 60 * 60_000,
  counted: 'new land requests',
  kept: 'your request is kept below',
}

/** The typed place of a stored one, as the form shows it again: 'Travis County' (its label without the state). */
const typedPlaceOf = (place: LandRequestPlace) => (place.place === null ? '' : place.label.replace(/, [A-Z]{2}$/, ''))

/** The form's fields as a request fills them, for its edit page. */
function formValuesOf(landRequest: LandRequest): Record<string, string | string[] | boolean> {
  const values: Record<string, string | string[] | boolean> = {
    acresMin: landRequest.acresMin?.toString() ?? '',
    acresMax: landRequest.acresMax?.toString() ?? '',
    priceMin: landRequest.priceMin?.toString() ?? '',
    priceMax: landRequest.priceMax?.toString() ?? '',
    propertyTypes: landRequest.propertyTypes,
    activityTypes: landRequest.activityTypes,
    financing: landRequest.financing,
    timeline: landRequest.timeline,
    message: landRequest.message,
    phone: landRequest.phone ?? '',
    shareContact: landRequest.shareContact,
  }
  landRequest.places.forEach((place, index) => {
    const row = placeRows[index]
    if (!row) return
    values[row.state] = place.state
    values[row.place] = typedPlaceOf(place)
  })
  return values
}

export async function loadLandRequestForm(db: Kysely<Database>, site: SiteProfile, request: Request, requestId: string | undefined) {
  const { viewer, owner } = await requireRequestOwner(site, request)
  const landRequest = requestId === undefined ? undefined : await requireOwnedRequest(db, owner, requestId)
  const [gazetteer, details, requestCount] = await Promise.all([loadGazetteer(db), findUserDetails(db, viewer.id), countLandRequests(db, owner)])
  return {
    requestId: landRequest?.id ?? null,
    states: gazetteer.states.map((state) => ({ token: state.token, name: state.name })),
    values: landRequest ? formValuesOf(landRequest) : { phone: details?.phone ?? '' },
    isFull: !landRequest && requestCount >= landRequestsPerUser,
  }
}

export async function handleLandRequestFormPost(db: Kysely<Database>, site: SiteProfile, request: Request, requestId: string | undefined) {
  assertSameOrigin(request)
  const { viewer, owner } = await requireRequestOwner(site, request)
  const existing = requestId === undefined ? undefined : await requireOwnedRequest(db, owner, requestId)
  const formData = await readFormData(request)
  const submission = parseWithZod(formData, { schema: LandRequestSchema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  const value = submission.value

  const fieldErrors: Record<string, string[]> = {}
  const located: LandRequestPlace[] = []
  for (const { row, state, typedPlace } of value.places) {
    const lookup = await locateRequestPlace(db, state, typedPlace)
    if (lookup.ok) located.push(lookup.place)
    else fieldErrors[row[lookup.field]] = [lookup.problem]
  }
  if (Object.keys(fieldErrors).length > 0) return data(submission.reply({ fieldErrors }), { status: 400 })
  if (!existing && (await countLandRequests(db, owner)) >= landRequestsPerUser) return data(submission.reply({ formErrors: [fullMessage] }), { status: 400 })
  const refusal = existing ? undefined : await refuseOverLimit(db, `lands-connector:${viewer.id}`, newRequestsPerDay)
  if (refusal) return data(submission.reply({ formErrors: [refusal.message] }), refusal.init)

  const input = { ...value, places: mergeRequestPlaces(located) }
  const location = await sendFormOnce(db, 'land-request', formData, async () => {
    const id = existing ? existing.id : await createLandRequest(db, owner, input)
    if (existing) await updateLandRequest(db, owner, id, input)
    const landRequest = (await findLandRequest(db, owner, id))!
    const buyer = { userId: viewer.id, name: viewer.contactName, email: viewer.email }
    await saveRequestSearches(db, site, owner, landRequest)
    if (existing) await refreshRequestLeads(db, landRequest, buyer)
    const sent = await sendRequestLeads(db, { site, origin: siteOrigin(site), request: landRequest, buyer })
    return `${landRequestPath(id)}?${existing ? 'saved=1&' : ''}sent=${sent}`
  })
  return redirect(location, 303)
}
