import type { Kysely } from 'kysely'
import { createUser } from '~/models/accounts/user.server'
import type { Database } from '~/models/db/db-schema'
import { findSellerScope, type SellerScope } from '~/models/sellers/seller-scope.server'
import { sites } from '~/sites'

let leadCount = 0

/** A lead as the contact forms store it, at a chosen time, numbered for its buyer's name and address. */
export async function addLead(
  db: Kysely<Database>,
  accountId: number,
  fields: { at: Date; listingId?: number | null; answeredAt?: Date; name?: string; message?: string; phone?: string | null; email?: string },
) {
  leadCount += 1
  const { id } = await db
    .insertInto('leads')
    .values({
      account_id: accountId,
      listing_id: fields.listingId ?? null,
      site_id: sites.land.siteId,
      name: fields.name ?? `Buyer ${leadCount}`,
      email: fields.email ?? `buyer${leadCount}@example.com`,
      phone: fields.phone === undefined ? '(512) 555-0100' : fields.phone,
      message: fields.message ?? `Message ${leadCount}`,
      created_at: fields.at.toISOString(),
      answered_at: fields.answeredAt?.toISOString() ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

let sellerNumber = 0

/** A new seller user of an account, and their scope. */
export async function sellerOf(db: Kysely<Database>, accountId: number): Promise<SellerScope> {
  sellerNumber += 1
  const userId = (await createUser(db, {
    contactName: `Seller ${sellerNumber}`,
    email: `seller${sellerNumber}@example.com`,
    password: 'long-enough-1',
    newsletter: false,
  }))!
  await db.updateTable('users').set({ is_seller: 1, account_id: accountId }).where('id', '=', userId).execute()
  return (await findSellerScope(db, userId))!
}
