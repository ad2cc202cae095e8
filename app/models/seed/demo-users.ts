import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { syncIdentity } from '~/models/db/dialect.server'
import { hashPassword } from '~/models/accounts/password.server'

/**
 * Two accounts to try the sites with after `npm start` (README "What to try"): a buyer, and a
 * seller linked to the first generated broker account. Only the generated demo data gets them.
 */
export const demoUsers = [
  { email: 'demo.buyer@example.com', password: 'demo-buyer-1', contactName: 'Dana Buyer', isSeller: false },
  { email: 'demo.seller@example.com', password: 'demo-seller-1', contactName: 'Sam Seller', isSeller: true },
] as const

/** Account type of spec §3: universal standard seller. */
const sellerAccountType = 12

export async function seedDemoUsers(db: Kysely<Database>) {
  const sellerAccount = await db.selectFrom('accounts').select('id').orderBy('id').limit(1).executeTakeFirst()
  for (const user of demoUsers) {
    await db
      .insertInto('users')
      .values({
        email: user.email,
        password_hash: await hashPassword(user.password),
        contact_name: user.contactName,
        is_seller: user.isSeller ? 1 : 0,
        account_type: user.isSeller ? sellerAccountType : 1,
        account_id: user.isSeller ? (sellerAccount?.id ?? null) : null,
        created_at: new Date().toISOString(),
      })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .execute()
  }
  await syncIdentity(db, 'users')
}
