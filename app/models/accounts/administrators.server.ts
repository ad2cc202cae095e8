import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { demoUsers } from '~/models/accounts/demo-users'
import { hashPassword, verifyPassword } from './password.server'
import { createResetKey } from './password-reset.server'
import { findUserIdByEmail, normalizeEmail } from './user.server'

/**
 * The first administrator of a production database, and what a production start says about
 * accounts (decision 0050): no demo account with its published password, and an administrator
 * made on the server's terminal (`npm run admin:create`), never seeded.
 */

/** An administrator's password is typed on a terminal, never e-mailed: long is what counts (OWASP ASVS 2.1.1). */
export const administratorPasswordMinLength = 12

const adminCreateCommand = 'npm run admin:create -- --email you@example.com'

export type AdministratorPassword = { password: string } | { resetLink: true }

/**
 * Makes the user with this e-mail an administrator, creating the account when there is none: with
 * the password given, or with a password nobody knows and a new reset key (the one-time link to
 * choose it, valid as long as a reset link is). Gives the user's id and that key.
 */
export async function createAdministrator(db: Kysely<Database>, email: string, secret: AdministratorPassword) {
  if ('password' in secret && secret.password.length < administratorPasswordMinLength) {
    throw new Error(`The password must be at least ${administratorPasswordMinLength} characters long.`)
  }
  const passwordHash = await hashPassword('password' in secret ? secret.password : randomBytes(32).toString('base64url'))
  const existingId = await findUserIdByEmail(db, email)
  let userId: number
  if (existingId !== undefined) {
    // An existing account keeps its password when the link is asked for: the link replaces it.
    await db
      .updateTable('users')
      .set({ is_admin: 1, ...('password' in secret ? { password_hash: passwordHash } : {}) })
      .where('id', '=', existingId)
      .execute()
    userId = existingId
  } else {
    const row = await db
      .insertInto('users')
      .values({ email: normalizeEmail(email), password_hash: passwordHash, contact_name: 'Administrator', is_admin: 1, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow()
    userId = row.id
  }
  return { userId, resetKey: 'resetLink' in secret ? await createResetKey(db, userId) : undefined }
}

/**
 * The lines a production start prints about accounts: the demo accounts that still log in with the
 * passwords the README publishes (named, not deleted, as someone may rely on them),
 * and how to create an administrator when there is none.
 */
export async function productionAccountNotices(db: Kysely<Database>, { isDemoWanted }: { isDemoWanted: boolean }) {
  const notices: string[] = []
  if (!isDemoWanted) {
    const present = await db
      .selectFrom('users')
      .select(['email', 'password_hash'])
      .where(
        'email',
        'in',
        demoUsers.map((user) => user.email),
      )
      .where('is_blocked', '=', 0)
      .orderBy('id')
      .execute()
    const published = new Map(demoUsers.map((user) => [user.email as string, user.password as string]))
    const usable = []
    for (const user of present) if (await verifyPassword(published.get(user.email)!, user.password_hash)) usable.push(user.email)
    if (usable.length > 0) {
      notices.push(
        `Warning: demo accounts log in here with the passwords the README publishes: ${usable.join(', ')}. Block them or change their passwords (SEED_DEMO_USERS=1 says they are wanted).`,
      )
    }
  }
  const administrator = await db.selectFrom('users').select('id').where('is_admin', '=', 1).where('is_blocked', '=', 0).limit(1).executeTakeFirst()
  if (!administrator) notices.push(`No administrator yet: create one with \`${adminCreateCommand}\` (asks for the password; --link prints a one-time link instead).`)
  return notices
}
