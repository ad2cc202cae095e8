import type { Kysely } from 'kysely'
import { expect } from 'vitest'
import { createUser } from '~/models/accounts/user.server'
import type { Database } from '~/models/db/db-schema'
import { becomeOwnerSeller } from '~/models/sellers/seller-scope.server'

/** A form post as the signed-in seller: its answer, not followed. */
export type SellerPost = (pathname: string, fields: Record<string, string | string[]>) => Promise<Response>

const location = (response: Response) => response.headers.get('location')

/**
 * Fills every step of a new listing in the sellers' tool (issue 15), 40 acres in Travis County at
 * `place`, and answers the draft's path prefix.
 */
export async function draftThroughSteps(post: SellerPost, place: Record<string, string>, price = '480000') {
  const started = await post('/account/listings/new/', { state: 'TX', county: 'Travis', city: 'Austin', ...place, intent: 'next' })
  expect(started.status).toBe(303)
  const draftPath = location(started)!.replace(/price\/$/, '')
  expect(location(await post(`${draftPath}price/`, { acres: '40', saleType: 'sale', price, intent: 'next' }))).toBe(`${draftPath}features/`)
  const features = { propertyTypes: ['recreational-land', 'homes'], activities: ['hunting', 'fishing'], beds: '3', baths: '2', intent: 'next' }
  expect(location(await post(`${draftPath}features/`, features))).toBe(`${draftPath}description/`)
  const description = {
    title: 'Forty wooded acres with a creek',
    description: 'Oak and cedar, a spring-fed creek, county road frontage and power at the road.',
    videoUrl: 'https://www.youtube.com/watch?v=abcdefghijk',
    contactPhone: '512-555-0123',
    intent: 'next',
  }
  expect(location(await post(`${draftPath}description/`, description))).toBe(`${draftPath}photos/`)
  expect(location(await post(`${draftPath}photos/`, { intent: 'next' }))).toBe(`${draftPath}review/`)
  return draftPath
}

/** Publishes a new listing through every step and answers its id. */
export async function publishListing(post: SellerPost, place: Record<string, string>, price?: string) {
  const draftPath = await draftThroughSteps(post, place, price)
  const published = await post(`${draftPath}review/`, { intent: 'publish' })
  expect(published.status).toBe(303)
  return Number(location(published)!.match(/\/account\/listings\/(\d+)\//)![1])
}

/** Opens a published listing's changes, sets its price and publishes them. */
export async function changePrice(post: SellerPost, id: number, price: string) {
  const editing = await post(`/account/listings/${id}/`, { intent: 'edit' })
  const draftPath = location(editing)!.replace(/place\/$/, '')
  await post(`${draftPath}price/`, { acres: '40', saleType: 'sale', price, intent: 'save' })
  expect(location(await post(`${draftPath}review/`, { intent: 'publish' }))).toBe(`/account/listings/${id}/?published=changes`)
}

/** A new user who lists their land, and so becomes a free owner-seller: their scope. */
export async function newOwnerSeller(db: Kysely<Database>, email: string) {
  return becomeOwnerSeller(db, (await createUser(db, { email, password: 'seller-pass-1', contactName: 'Sam Seller', newsletter: false }))!)
}
