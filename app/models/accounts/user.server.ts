import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { hashPassword, needsRehash, spendPasswordCheck, verifyPassword } from './password.server'
import type { Viewer } from './viewer'

/** Users (spec §3 "User info"): buyers and sellers who sign in. E-mail addresses are kept lower-case. */
export function normalizeEmail(email: string) {
  return email.trim().toLowerCase()
}

/** The user as the header and account pages see them, by id (the primary key); a blocked account is nobody's viewer. */
export async function findViewer(db: Kysely<Database>, userId: number): Promise<Viewer | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'contact_name', 'email', 'phone', 'is_seller'])
    .where('id', '=', userId)
    .where('is_blocked', '=', 0)
    .executeTakeFirst()
  return row && { id: row.id, contactName: row.contact_name, email: row.email, phone: row.phone, isSeller: row.is_seller === 1 }
}

/** Whether the user is an administrator (spec §3 isAdmin). */
export async function isAdministrator(db: Kysely<Database>, userId: number) {
  const row = await db.selectFrom('users').select('is_admin').where('id', '=', userId).executeTakeFirst()
  return row?.is_admin === 1
}

/**
 * Spec §4: a seller who has not seen the welcome popover gets it once. Stores the flag and says
 * whether this call was the one that stored it (a buyer, or a seller who saw it, gets false).
 */
export async function claimSellerWelcome(db: Kysely<Database>, userId: number, now = new Date()) {
  const result = await db
    .updateTable('users')
    .set({ seller_welcome_shown_at: now.toISOString() })
    .where('id', '=', userId)
    .where('is_seller', '=', 1)
    .where('seller_welcome_shown_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function findUserIdByEmail(db: Kysely<Database>, email: string) {
  const row = await db.selectFrom('users').select('id').where('email', '=', normalizeEmail(email)).executeTakeFirst()
  return row?.id
}

/**
 * The user with this e-mail and password, and whether the account is blocked, or undefined; as
 * slow for an unknown address as for a wrong password.
 */
export async function verifyLogin(db: Kysely<Database>, { email, password }: { email: string; password: string }) {
  const row = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'is_blocked', 'awaits_confirmation'])
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst()
  if (!row) {
    await spendPasswordCheck(password)
    return undefined
  }
  // An account awaiting its sign-up mail's link is as good as no account (decision 0051).
  if (!(await verifyPassword(password, row.password_hash)) || row.awaits_confirmation !== 0) return undefined
  // A hash from before the last rise in cost: the password is at hand only now, so it is hashed anew.
  // Not a password change (no session ends), and only if no change came in between.
  if (needsRehash(row.password_hash)) {
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password) })
      .where('id', '=', row.id)
      .where('password_hash', '=', row.password_hash)
      .execute()
  }
  return { userId: row.id, isBlocked: row.is_blocked !== 0 }
}

export interface NewUser {
  email: string
  password: string
  contactName: string
  newsletter: boolean
  /** Made by the sign-up form: the password logs in once the address is confirmed (`confirmUserEmail`). */
  awaitsConfirmation?: boolean
}

/** Creates a buyer account; undefined when the address already has one. */
export async function createUser(db: Kysely<Database>, user: NewUser): Promise<number | undefined> {
  const row = await db
    .insertInto('users')
    .values({
      email: normalizeEmail(user.email),
      password_hash: await hashPassword(user.password),
      contact_name: user.contactName,
      newsletter: user.newsletter ? 1 : 0,
      awaits_confirmation: user.awaitsConfirmation ? 1 : 0,
      created_at: new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returning('id')
    .executeTakeFirst()
  return row?.id
}

/** What the settings page shows and edits. */
export async function findUserDetails(db: Kysely<Database>, userId: number) {
  const row = await db
    .selectFrom('users')
    .select(['contact_name', 'email', 'phone', 'phone_type', 'newsletter', 'is_seller'])
    .where('id', '=', userId)
    .executeTakeFirst()
  return (
    row && {
      contactName: row.contact_name,
      email: row.email,
      phone: row.phone ?? '',
      phoneType: row.phone_type,
      newsletter: row.newsletter === 1,
      isSeller: row.is_seller === 1,
    }
  )
}

export async function updateUserDetails(
  db: Kysely<Database>,
  userId: number,
  details: { contactName: string; phone: string | null; phoneType: number; newsletter: boolean },
) {
  await db
    .updateTable('users')
    .set({ contact_name: details.contactName, phone: details.phone, phone_type: details.phoneType, newsletter: details.newsletter ? 1 : 0 })
    .where('id', '=', userId)
    .execute()
}

/** Whether `password` is the user's current one (the settings page asks before changing it). */
export async function isCurrentPassword(db: Kysely<Database>, userId: number, password: string) {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst()
  return row !== undefined && (await verifyPassword(password, row.password_hash))
}

export async function setPassword(db: Kysely<Database>, userId: number, password: string) {
  await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password) })
    .where('id', '=', userId)
    .execute()
}

/** The user proved they read the account's mail (a sign-up link, a login token, a reset key): their password logs in from now on. */
export async function confirmUserEmail(db: Kysely<Database>, userId: number) {
  await db.updateTable('users').set({ awaits_confirmation: 0 }).where('id', '=', userId).where('awaits_confirmation', '=', 1).execute()
}
