import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { hashPassword } from '~/models/accounts/password.server'
import { createKysely } from '~/models/db/dialect.server'
import { resizedImagePath } from '~/models/media/document-ids'
import { fixedRenditions } from '~/utils/image-renditions'
import { draftPhotoUploadPath, draftStepPath, type ListingDraftData } from '~/models/sellers/listing-draft'
import { createDraft } from '~/models/sellers/listing-drafts.server'
import { becomeOwnerSeller, findSellerScope } from '~/models/sellers/seller-scope.server'
import { takePhotoUploadOutcome } from '~/routes/account/listings/draft/photo-upload.server'
import { productionPages, sessionCookie } from '../support/http'

/**
 * A draft's photo upload through the production build: the upload control's JSON answer, the form's
 * redirect with the outcome kept once, and who may upload to whose draft (spec §6).
 */
const { fetchPage } = productionPages()
const modelDb = createKysely({ sqliteFile: path.join(process.env.TEST_DATA_DIR ?? process.env.DATA_DIR ?? '.test-data', 'marketplace.db') })
afterAll(() => modelDb.destroy())

const host = 'land.localhost'
const origin = `http://${host}`
const runId = Date.now().toString(36)
let sellerCookie: string
let buyerCookie: string
let otherSellerCookie: string
let draftId: number
let otherDraftId: number
const photos: Buffer[] = []

async function sellerDraft(email: string) {
  const user = await modelDb.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
  const scope = (await findSellerScope(modelDb, user.id)) ?? (await becomeOwnerSeller(modelDb, user.id))
  return createDraft(modelDb, scope, {})
}

beforeAll(async () => {
  for (const background of ['#3a7', '#a73', '#37a', '#7a3']) {
    photos.push(
      await sharp({ create: { width: 800, height: 600, channels: 3, background, noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
        .jpeg()
        .toBuffer(),
    )
  }
  const otherEmail = `other.seller-${runId}@example.com`
  await modelDb
    .insertInto('users')
    .values({
      email: otherEmail,
      password_hash: await hashPassword('other-seller-1'),
      contact_name: 'Olive Owner',
      is_seller: 0,
      is_admin: 0,
      account_type: 1,
      account_id: null,
      created_at: new Date().toISOString(),
    })
    .execute()
  draftId = await sellerDraft('demo.seller@example.com')
  otherDraftId = await sellerDraft(otherEmail)
  sellerCookie = await sessionCookie(fetchPage, host, { email: 'demo.seller@example.com', password: 'demo-seller-1' }, '198.51.100.171')
  buyerCookie = await sessionCookie(fetchPage, host, { email: 'demo.buyer@example.com', password: 'demo-buyer-1' }, '198.51.100.172')
  otherSellerCookie = await sessionCookie(fetchPage, host, { email: otherEmail, password: 'other-seller-1' }, '198.51.100.173')
})

function upload(id: number, files: { name: string; bytes: Buffer }[], { cookie = sellerCookie, json = true, headers = {} as Record<string, string> } = {}) {
  const form = new FormData()
  for (const file of files) form.append('photos', new File([new Uint8Array(file.bytes)], file.name, { type: 'image/jpeg' }))
  return fetchPage(host, draftPhotoUploadPath(id), {
    method: 'POST',
    body: form,
    headers: { ...(cookie && { cookie }), origin, accept: json ? 'application/json' : 'text/html', ...headers },
    redirect: 'manual',
  })
}

async function draftPhotos(id: number) {
  const row = await modelDb.selectFrom('listing_drafts').select('data').where('id', '=', id).executeTakeFirstOrThrow()
  return (JSON.parse(row.data) as ListingDraftData).photos ?? []
}

describe('the seller uploads photos to a draft', () => {
  test('with scripts: one JSON answer naming each stored photo, which the draft then shows and the image route serves', async () => {
    const response = await upload(draftId, [
      { name: 'north-field.jpg', bytes: photos[0]! },
      { name: 'pond.jpg', bytes: photos[1]! },
    ])
    expect(response.status).toBe(200)
    const answer = (await response.json()) as { stored: { documentId: number; fileName: string }[]; failures: unknown[] }
    expect(answer.failures).toEqual([])
    expect(answer.stored.map((stored) => stored.fileName)).toEqual(['north-field.jpg', 'pond.jpg'])
    expect(await draftPhotos(draftId)).toEqual(answer.stored.map(({ documentId }) => ({ documentId, caption: '' })))

    // At the size the draft shows it.
    const image = await fetchPage(host, resizedImagePath(answer.stored[0]!.documentId, fixedRenditions.draftPhoto))
    expect(image.status).toBe(200)
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 240, height: 160 })
  })

  test('without scripts: a redirect to the photos step, which reads the outcome once', async () => {
    const before = (await draftPhotos(draftId)).length
    const response = await upload(
      draftId,
      [
        { name: 'barn.jpg', bytes: photos[2]! },
        { name: 'gate.jpg', bytes: photos[3]! },
      ],
      { json: false },
    )
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(draftStepPath(draftId, 'photos'))
    expect(await draftPhotos(draftId)).toHaveLength(before + 2)

    const cookie = response.headers.get('set-cookie')!.split(';')[0]!
    const pageRequest = (sessionCookie: string) => new Request(`${origin}${draftStepPath(draftId, 'photos')}`, { headers: { cookie: sessionCookie } })
    const first = await takePhotoUploadOutcome(pageRequest(cookie))
    expect(first.outcome).toEqual({ storedCount: 2, failures: [] })
    const consumed = new Headers(first.headers).get('set-cookie')!.split(';')[0]!
    expect((await takePhotoUploadOutcome(pageRequest(consumed))).outcome).toBeUndefined()
  })

  test('a photo the draft already has is answered as not added, in words', async () => {
    const before = await draftPhotos(draftId)
    const response = await upload(draftId, [{ name: 'pond-again.jpg', bytes: photos[1]! }])
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      stored: [],
      failures: [{ fileName: 'pond-again.jpg', message: "“pond-again.jpg” is already one of this listing's photos." }],
    })
    expect(await draftPhotos(draftId)).toEqual(before)
  })

  test('a body cut short is a 400 that keeps the draft as it was', async () => {
    const before = await draftPhotos(draftId)
    const request = new Request(origin, {
      method: 'POST',
      body: (() => {
        const form = new FormData()
        form.append('photos', new File([new Uint8Array(photos[0]!)], 'cut.jpg', { type: 'image/jpeg' }))
        return form
      })(),
    })
    const body = new Uint8Array(await request.arrayBuffer())
    const response = await fetchPage(host, draftPhotoUploadPath(draftId), {
      method: 'POST',
      body: body.subarray(0, body.byteLength / 2),
      headers: { cookie: sellerCookie, origin, accept: 'application/json', 'content-type': request.headers.get('content-type')! },
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ stored: [], failures: [{ fileName: 'cut.jpg', message: '“cut.jpg” did not arrive whole: upload it again.' }] })
    expect(await draftPhotos(draftId)).toEqual(before)
  })

  test('a request declaring more than the limit is a 413 before it is read', async () => {
    const response = await upload(draftId, [{ name: 'a.jpg', bytes: photos[0]! }], { headers: { 'content-length': String(300 * 1024 ** 2) } })
    expect(response.status).toBe(413)
    expect(((await response.json()) as { failures: { message: string }[] }).failures[0]!.message).toMatch(/one upload may be at most 256 MB/)
  })
})

describe('who may upload to a draft', () => {
  const onePhoto = () => [{ name: 'a.jpg', bytes: photos[0]! }]

  test('a visitor is sent to log in, and back to the photos step after', async () => {
    const response = await upload(draftId, onePhoto(), { cookie: '' })
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('location')!, origin)
    expect(location.pathname).toBe('/login')
    expect(location.searchParams.get('redirectTo')).toBe(draftStepPath(draftId, 'photos'))
  })

  test('a buyer, and a seller posting to another seller’s draft, get a 404 and change nothing', async () => {
    const before = await draftPhotos(otherDraftId)
    expect((await upload(draftId, onePhoto(), { cookie: buyerCookie })).status).toBe(404)
    expect((await upload(otherDraftId, onePhoto())).status).toBe(404)
    expect((await upload(draftId, onePhoto(), { cookie: otherSellerCookie })).status).toBe(404)
    expect((await upload(987_654_321, onePhoto())).status).toBe(404)
    expect(await draftPhotos(otherDraftId)).toEqual(before)
  })

  test('a post from another site is refused, and a GET goes to the photos step', async () => {
    expect((await upload(draftId, onePhoto(), { headers: { origin: 'https://elsewhere.example' } })).status).toBe(403)
    const page = await fetchPage(host, draftPhotoUploadPath(draftId), { redirect: 'manual' })
    expect(page.status).toBe(302)
    expect(page.headers.get('location')).toBe(draftStepPath(draftId, 'photos'))
  })
})
