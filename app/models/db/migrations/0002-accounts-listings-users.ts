import type { Kysely } from 'kysely'
import { createListingTextIndex, dialectOf, dropListingTextIndex, identityPrimaryKey } from '~/models/db/dialect.server'

const flag = 'integer' as const

export async function up(db: Kysely<any>) {
  const identity = identityPrimaryKey(dialectOf(db))

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'integer', identity)
    .addColumn('account_type', 'integer', (column) => column.notNull())
    .addColumn('broker_type', 'integer', (column) => column.notNull())
    .addColumn('parent_account_id', 'integer', (column) => column.references('accounts.id'))
    .addColumn('contact_name', 'text', (column) => column.notNull())
    .addColumn('company_name', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('office_phone', 'text')
    .addColumn('preferred_phone', 'text')
    .addColumn('address1', 'text')
    .addColumn('address2', 'text')
    .addColumn('city', 'text')
    .addColumn('state_id', 'integer', (column) => column.references('states.id'))
    .addColumn('zip', 'text')
    .addColumn('description', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('license_number', 'text')
    .addColumn('is_free', flag, (column) => column.notNull().defaultTo(0))
    .addColumn('is_seller', flag, (column) => column.notNull().defaultTo(1))
    .addColumn('alc_certified', flag, (column) => column.notNull().defaultTo(0))
    .addColumn('alc_advanced_certified', flag, (column) => column.notNull().defaultTo(0))
    .addColumn('opt_in_lead_targeting', flag, (column) => column.notNull().defaultTo(0))
    .addColumn('badge_id', 'integer')
    .addColumn('portrait_document_id', 'bigint')
    .addColumn('logo_document_id', 'bigint')
    .addColumn('website_url', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('accounts_state_type').on('accounts').columns(['state_id', 'broker_type']).execute()

  await db.schema
    .createTable('listings')
    .addColumn('id', 'integer', identity)
    .addColumn('account_id', 'integer', (column) => column.notNull().references('accounts.id'))
    .addColumn('partner_id', 'integer')
    .addColumn('external_source_id', 'text')
    .addColumn('state_id', 'integer', (column) => column.notNull().references('states.id'))
    .addColumn('county_id', 'integer', (column) => column.notNull().references('counties.id'))
    .addColumn('city_id', 'integer', (column) => column.references('cities.id'))
    .addColumn('region_id', 'integer', (column) => column.references('regions.id'))
    .addColumn('zip', 'text')
    .addColumn('address1', 'text')
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull())
    .addColumn('price', 'bigint', (column) => column.notNull())
    .addColumn('acres', 'double precision', (column) => column.notNull())
    .addColumn('sale_type', 'integer', (column) => column.notNull())
    .addColumn('listing_level', 'integer', (column) => column.notNull())
    .addColumn('upgrade_level', 'integer', (column) => column.notNull())
    .addColumn('status', 'integer', (column) => column.notNull())
    .addColumn('sales_price', 'bigint')
    .addColumn('sales_date', 'text')
    .addColumn('property_types', 'integer', (column) => column.notNull())
    .addColumn('activities', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('amenities', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('beds', 'integer')
    .addColumn('baths', 'double precision')
    .addColumn('home_sqft', 'integer')
    .addColumn('latitude', 'double precision', (column) => column.notNull())
    .addColumn('longitude', 'double precision', (column) => column.notNull())
    .addColumn('has_video', flag, (column) => column.notNull().defaultTo(0))
    .addColumn('video_url', 'text')
    .addColumn('has_virtual_tour', flag, (column) => column.notNull().defaultTo(0))
    .addColumn('virtual_tour_url', 'text')
    .addColumn('has_custom_map', flag, (column) => column.notNull().defaultTo(0))
    .addColumn('mineral_rights', flag, (column) => column.notNull().defaultTo(0))
    .addColumn('owner_financing', flag, (column) => column.notNull().defaultTo(0))
    .addColumn('image_ids', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('price_change_amount', 'bigint')
    .addColumn('price_changed_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute()

  // Search (issue 5) filters on a place and the active statuses, then sorts by tier and age;
  // each place index leads with the place and carries status so counts never touch the table.
  const listingIndexes: Record<string, string[]> = {
    listings_state_status: ['state_id', 'status', 'upgrade_level', 'created_at'],
    listings_county_status: ['county_id', 'status', 'upgrade_level', 'created_at'],
    listings_city_status: ['city_id', 'status'],
    listings_region_status: ['region_id', 'status'],
    listings_zip: ['zip'],
    listings_account: ['account_id', 'status'],
    listings_status_rank: ['status', 'upgrade_level', 'listing_level', 'created_at'],
    listings_price: ['price'],
    listings_acres: ['acres'],
    listings_created: ['created_at'],
    listings_coordinates: ['latitude', 'longitude'],
  }
  for (const [name, columns] of Object.entries(listingIndexes)) {
    await db.schema.createIndex(name).on('listings').columns(columns).execute()
  }
  await createListingTextIndex(db)

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', identity)
    .addColumn('email', 'text', (column) => column.notNull().unique())
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('contact_name', 'text', (column) => column.notNull())
    .addColumn('phone', 'text')
    .addColumn('phone_type', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('account_type', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('account_id', 'integer', (column) => column.references('accounts.id'))
    .addColumn('is_seller', flag, (column) => column.notNull().defaultTo(0))
    .addColumn('is_admin', flag, (column) => column.notNull().defaultTo(0))
    .addColumn('newsletter', flag, (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('users').execute()
  await dropListingTextIndex(db)
  await db.schema.dropTable('listings').execute()
  await db.schema.dropTable('accounts').execute()
}
