import type { Kysely } from 'kysely'
import type { BrokerListingStats } from './broker-directory'
import type { Database } from '~/models/db/db-schema'
import { auctionWithoutPrice } from '~/models/listings/enumerations'
import { activeStatuses } from '~/models/listings/listing.server'
import { hasAnyBit } from '~/models/search/search-filters.server'

/** A broker or seller account as its page shows it (spec §3 "Broker or seller account"). */
export interface BrokerAccount {
  id: number
  contactName: string
  companyName: string
  brokerType: number
  isFree: boolean
  email: string
  /** Spec §3 phoneNumbers: the preferred phone, else the office phone. */
  phone: string | null
  city: string | null
  stateId: number | null
  stateName: string | null
  stateAbbreviation: string | null
  zip: string | null
  description: string
  licenseNumber: string | null
  alcCertified: boolean
  alcAdvancedCertified: boolean
  portraitDocumentId: number | null
  logoDocumentId: number | null
  websiteUrl: string | null
  /** The stored reply-time figure (reply-times.ts); null without one. */
  replyWithinHours: number | null
}

export async function findBroker(db: Kysely<Database>, brokerId: number): Promise<BrokerAccount | undefined> {
  const row = await db
    .selectFrom('accounts')
    .leftJoin('states', 'states.id', 'accounts.state_id')
    .where('accounts.id', '=', brokerId)
    .select([
      'accounts.id',
      'accounts.contact_name',
      'accounts.company_name',
      'accounts.broker_type',
      'accounts.is_free',
      'accounts.email',
      'accounts.office_phone',
      'accounts.preferred_phone',
      'accounts.city',
      'accounts.state_id',
      'states.name as state_name',
      'states.abbreviation as state_abbreviation',
      'accounts.zip',
      'accounts.description',
      'accounts.license_number',
      'accounts.alc_certified',
      'accounts.alc_advanced_certified',
      'accounts.portrait_document_id',
      'accounts.logo_document_id',
      'accounts.website_url',
      'accounts.reply_within_hours',
    ])
    .executeTakeFirst()
  if (!row) return undefined
  return {
    id: row.id,
    contactName: row.contact_name,
    companyName: row.company_name,
    brokerType: row.broker_type,
    isFree: row.is_free === 1,
    email: row.email,
    phone: row.preferred_phone ?? row.office_phone,
    city: row.city,
    stateId: row.state_id,
    stateName: row.state_name,
    stateAbbreviation: row.state_abbreviation,
    zip: row.zip,
    description: row.description,
    licenseNumber: row.license_number,
    alcCertified: row.alc_certified === 1,
    alcAdvancedCertified: row.alc_advanced_certified === 1,
    portraitDocumentId: row.portrait_document_id,
    logoDocumentId: row.logo_document_id,
    websiteUrl: row.website_url,
    replyWithinHours: row.reply_within_hours,
  }
}

/** Active listings within the site's property-type scope (`SiteProfile.listingScopeBits`, 0 for all). */
export function activeListingsOnSite(db: Kysely<Database>, scopeBits: number) {
  return db
    .selectFrom('listings')
    .where('listings.status', 'in', activeStatuses)
    .$if(scopeBits !== 0, (query) => query.where((eb) => hasAnyBit(eb, 'property_types', scopeBits)))
}

export async function findBrokerListingStats(db: Kysely<Database>, { brokerId, scopeBits }: { brokerId: number; scopeBits: number }): Promise<BrokerListingStats> {
  const listings = activeListingsOnSite(db, scopeBits).where('listings.account_id', '=', brokerId)
  const [totals, states] = await Promise.all([
    listings
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.sum<number | null>('listings.acres').as('acres'),
        eb.fn.min<number | null>('listings.price').filterWhere('listings.price', '>', auctionWithoutPrice).as('min_price'),
        eb.fn.max<number | null>('listings.price').filterWhere('listings.price', '>', auctionWithoutPrice).as('max_price'),
      ])
      .executeTakeFirstOrThrow(),
    listings.innerJoin('states', 'states.id', 'listings.state_id').select('states.name').distinct().orderBy('states.name').execute(),
  ])
  return {
    activeListings: Number(totals.count),
    totalAcres: Number(totals.acres ?? 0),
    priceRange: totals.min_price === null || totals.max_price === null ? null : { min: Number(totals.min_price), max: Number(totals.max_price) },
    states: states.map((state) => state.name),
  }
}
