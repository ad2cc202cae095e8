import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { syncIdentity } from '~/models/db/dialect.server'
import { hashPassword } from '~/models/accounts/password.server'
import { setKnownSecondFactor } from '~/models/accounts/second-factor.server'
import { demoUsers } from '~/models/accounts/demo-users'
import { accountType } from '~/models/listings/enumerations'

/** Spec §3 account types of a paid seller that is no corporate master or child: its listings show the contact form (spec §4). */
const paidSellerAccountTypes = [
  accountType.universalStandardSeller,
  accountType.universalPremiumSeller,
  accountType.universalSignatureSeller,
  accountType.legacyPremiumSeller,
]

/** The first generated paid seller account: the demo seller's and the demo feed partner's. */
function findDemoSellerAccount(db: Kysely<Database>) {
  return db
    .selectFrom('accounts')
    .select(['id', 'account_type'])
    .where('is_free', '=', 0)
    .where('account_type', 'in', paidSellerAccountTypes)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
}

/** The demo accounts, with their published passwords (the demo seller on the demo seller account) and the demo administrator's published TOTP secret. */
export async function seedDemoUsers(db: Kysely<Database>) {
  const sellerAccount = await findDemoSellerAccount(db)
  for (const user of demoUsers) {
    await db
      .insertInto('users')
      .values({
        email: user.email,
        password_hash: await hashPassword(user.password),
        contact_name: user.contactName,
        is_seller: user.isSeller ? 1 : 0,
        is_admin: user.isAdmin ? 1 : 0,
        account_type: user.isSeller ? (sellerAccount?.account_type ?? accountType.universalStandardSeller) : 1,
        account_id: user.isSeller ? (sellerAccount?.id ?? null) : null,
        created_at: new Date().toISOString(),
      })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .execute()
  }
  await seedDemoSecondFactors(db)
  await syncIdentity(db, 'users')
}

/** The demo administrator's published TOTP secret, when the account is there and has no second factor yet (also for a database seeded before second factors). */
export async function seedDemoSecondFactors(db: Kysely<Database>) {
  for (const user of demoUsers) {
    if (!user.totpSecret) continue
    const found = await db.selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirst()
    if (found) await setKnownSecondFactor(db, found.id, user.totpSecret)
  }
}

/** The demo seller account takes Lands Connector requests and is the demo feed partner's, with or without the demo users. */
export async function seedDemoSellerAccount(db: Kysely<Database>) {
  const sellerAccount = await findDemoSellerAccount(db)
  if (sellerAccount) {
    // The demo seller takes Lands Connector requests (spec §3 optInLeadTargeting), so a buyer's request where they list reaches their inbox.
    await db.updateTable('accounts').set({ opt_in_lead_targeting: 1 }).where('id', '=', sellerAccount.id).execute()
    await db
      .insertInto('feed_partners')
      .values({ name: 'Demo Land Feed', account_id: sellerAccount.id, sends_generated_data: 1, created_at: new Date().toISOString() })
      .execute()
  }
}
