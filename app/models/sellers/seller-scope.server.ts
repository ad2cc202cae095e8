import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { accountType, brokerType } from '~/models/listings/enumerations'

/**
 * Whose listings a signed-in seller may see and change (spec §6, issue 15): their own account's,
 * and a corporate master's also its child accounts'. Every read and write of the sellers' tool
 * goes through a scope, so ownership is checked on the server for each request.
 */
export interface SellerScope {
  userId: number
  /** The account new listings are written under. */
  accountId: number
  /** Every account whose listings, leads and figures this seller may see and change. */
  accountIds: number[]
}

const corporateMasterTypes: number[] = [accountType.corporateStandardMaster, accountType.corporateSignatureMaster, accountType.corporatePremiumMaster]

/** The seller's scope; undefined for a buyer (or a seller without an account). */
export async function findSellerScope(db: Kysely<Database>, userId: number): Promise<SellerScope | undefined> {
  const user = await db
    .selectFrom('users')
    .innerJoin('accounts', 'accounts.id', 'users.account_id')
    .select(['users.id', 'users.is_seller', 'accounts.id as accountId', 'accounts.account_type as accountType'])
    .where('users.id', '=', userId)
    .executeTakeFirst()
  if (!user || user.is_seller !== 1) return undefined
  const children = corporateMasterTypes.includes(user.accountType)
    ? await db.selectFrom('accounts').select('id').where('parent_account_id', '=', user.accountId).orderBy('id').execute()
    : []
  return { userId, accountId: user.accountId, accountIds: [user.accountId, ...children.map((child) => child.id)] }
}

/**
 * Makes a buyer a property owner who lists their own land (a free seller account, spec §3 account
 * type 11, broker type 7) with their name and e-mail; the seller's scope either way.
 */
export async function becomeOwnerSeller(db: Kysely<Database>, userId: number): Promise<SellerScope> {
  const existing = await findSellerScope(db, userId)
  if (existing) return existing
  await db.transaction().execute(async (transaction) => {
    const user = await transaction.selectFrom('users').select(['contact_name', 'email', 'phone', 'account_id']).where('id', '=', userId).executeTakeFirstOrThrow()
    const accountId =
      user.account_id ??
      (
        await transaction
          .insertInto('accounts')
          .values({
            account_type: accountType.standardFreeSeller,
            broker_type: brokerType.propertyOwner,
            parent_account_id: null,
            contact_name: user.contact_name,
            company_name: '',
            email: user.email,
            office_phone: user.phone,
            preferred_phone: user.phone,
            address1: null,
            address2: null,
            city: null,
            state_id: null,
            zip: null,
            description: '',
            license_number: null,
            is_free: 1,
            is_seller: 1,
            alc_certified: 0,
            alc_advanced_certified: 0,
            opt_in_lead_targeting: 0,
            badge_id: null,
            portrait_document_id: null,
            logo_document_id: null,
            website_url: null,
            created_at: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    await transaction
      .updateTable('users')
      .set({ is_seller: 1, account_id: accountId, account_type: accountType.standardFreeSeller })
      .where('id', '=', userId)
      .execute()
  })
  return (await findSellerScope(db, userId))!
}
