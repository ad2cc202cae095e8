import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { generateSecret, generateURI, verify } from 'otplib'
import type { Database } from '~/models/db/db-schema'
import { sessionSecrets } from '~/secrets.server'
import { sha256Hex } from './one-time-keys.server'

/**
 * A second factor for sign-in (issue 33 finding 8, decision 0052): TOTP (RFC 6238: 30-second steps,
 * 6 digits, one step either side accepted for clocks that drift), each code good once, and ten
 * single-use recovery codes. The secret is stored encrypted with a key derived from SESSION_SECRET,
 * so a copy of the database alone yields no codes; recovery codes are stored as SHA-256 only.
 */
const stepSeconds = 30
const recoveryCodeCount = 10

/** The AES-256-GCM key for the secrets: derived from a session secret, never the secret itself. */
const encryptionKey = (sessionSecret: string) => createHmac('sha256', sessionSecret).update('second-factor-secret-key').digest()

function encryptSecret(secret: string) {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', encryptionKey(sessionSecrets()[0]!), iv)
  const encrypted = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return [iv, cipher.getAuthTag(), encrypted].map((part) => part.toString('base64url')).join('.')
}

/** The secret, decrypted with whichever current session secret encrypted it (secrets rotate). */
function decryptSecret(stored: string) {
  const [iv, tag, encrypted] = stored.split('.').map((part) => Buffer.from(part, 'base64url'))
  for (const sessionSecret of sessionSecrets()) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey(sessionSecret), iv!)
      decipher.setAuthTag(tag!)
      return Buffer.concat([decipher.update(encrypted!), decipher.final()]).toString('utf8')
    } catch {
      // Encrypted under another secret: try the next.
    }
  }
  throw new Error('The second factor secret cannot be decrypted with any current SESSION_SECRET')
}

/** A recovery code as written: 10 characters in two groups ('k3f9q-x7m2p'); matched without case, spaces or dashes. */
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '')

function newRecoveryCodes() {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789'
  return Array.from({ length: recoveryCodeCount }, () => {
    const characters = Array.from(randomBytes(10), (byte) => alphabet[byte % alphabet.length]).join('')
    return `${characters.slice(0, 5)}-${characters.slice(5)}`
  })
}

const hashRecoveryCodes = (codes: string[]) => JSON.stringify(codes.map((code) => sha256Hex(normalizeRecoveryCode(code))))

const findRow = (db: Kysely<Database>, userId: number) => db.selectFrom('second_factors').selectAll().where('user_id', '=', userId).executeTakeFirst()

/** Whether the user signs in with a second factor (switched on, not merely being set up). */
export async function hasSecondFactor(db: Kysely<Database>, userId: number) {
  return (await findRow(db, userId))?.enabled_at != null
}

/** The user's second factor as Settings shows it: on or off, and how many recovery codes are left. */
export async function secondFactorStatus(db: Kysely<Database>, userId: number) {
  const row = await findRow(db, userId)
  return row?.enabled_at ? { isOn: true as const, recoveryCodesLeft: (JSON.parse(row.recovery_code_hashes) as string[]).length } : { isOn: false as const }
}

/**
 * The secret being set up (a new one the first time, the same one until it is confirmed), and its
 * otpauth URI for an authenticator app's QR code. Undefined when the second factor is already on.
 */
export async function secondFactorEnrolment(db: Kysely<Database>, userId: number, { issuer, label }: { issuer: string; label: string }, now = new Date()) {
  const row = await findRow(db, userId)
  if (row?.enabled_at) return undefined
  let secret = row ? decryptSecret(row.secret_encrypted) : undefined
  if (!secret) {
    secret = generateSecret()
    await db
      .insertInto('second_factors')
      .values({
        user_id: userId,
        secret_encrypted: encryptSecret(secret),
        enabled_at: null,
        last_used_step: null,
        recovery_code_hashes: '[]',
        created_at: now.toISOString(),
      })
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .execute()
    // Another request may have started the set-up first: its secret is the one.
    secret = decryptSecret((await findRow(db, userId))!.secret_encrypted)
  }
  return { secret, uri: generateURI({ issuer, label, secret }) }
}

/** The time step of `code` if it is a current TOTP code of `secret` for a step after `afterStep`. */
async function totpStep(secret: string, code: string, afterStep: number | null) {
  if (!/^\d{6}$/.test(code)) return undefined
  const result = await verify({ secret, token: code, epochTolerance: stepSeconds, ...(afterStep === null ? {} : { afterTimeStep: afterStep }) })
  // The TOTP strategy (the default) answers with the time step the code belongs to.
  return result.valid && 'timeStep' in result ? result.timeStep : undefined
}

/** Keeps `step` as the last used, unless another request used this step or a later one first: then the code was replayed. */
async function claimStep(db: Kysely<Database>, userId: number, step: number) {
  const result = await db
    .updateTable('second_factors')
    .set({ last_used_step: step })
    .where('user_id', '=', userId)
    .where((where) => where.or([where('last_used_step', 'is', null), where('last_used_step', '<', step)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Switches the second factor on when `code` is a current code of the secret being set up, and
 * gives the ten recovery codes to show once; undefined for a wrong code.
 */
export async function confirmSecondFactor(db: Kysely<Database>, userId: number, code: string, now = new Date()) {
  const row = await findRow(db, userId)
  if (!row || row.enabled_at) return undefined
  const step = await totpStep(decryptSecret(row.secret_encrypted), code.trim(), row.last_used_step)
  if (step === undefined || !(await claimStep(db, userId, step))) return undefined
  const recoveryCodes = newRecoveryCodes()
  await db
    .updateTable('second_factors')
    .set({ enabled_at: now.toISOString(), recovery_code_hashes: hashRecoveryCodes(recoveryCodes) })
    .where('user_id', '=', userId)
    .execute()
  return recoveryCodes
}

/**
 * Checks a code at sign-in: a current TOTP code not used before, or an unused recovery code (then
 * used up). Answers which it was, or undefined for anything else.
 */
export async function verifySecondFactor(db: Kysely<Database>, userId: number, code: string): Promise<'totp' | 'recovery-code' | undefined> {
  const row = await findRow(db, userId)
  if (!row?.enabled_at) return undefined
  const step = await totpStep(decryptSecret(row.secret_encrypted), code.trim(), row.last_used_step)
  if (step !== undefined) return (await claimStep(db, userId, step)) ? 'totp' : undefined
  const hashes = JSON.parse(row.recovery_code_hashes) as string[]
  const hash = sha256Hex(normalizeRecoveryCode(code))
  if (!hashes.includes(hash)) return undefined
  // Conditional on the list as read: two requests with one code cannot both use it.
  const result = await db
    .updateTable('second_factors')
    .set({ recovery_code_hashes: JSON.stringify(hashes.filter((kept) => kept !== hash)) })
    .where('user_id', '=', userId)
    .where('recovery_code_hashes', '=', row.recovery_code_hashes)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1 ? 'recovery-code' : undefined
}

/** Ten new recovery codes in place of the old ones (which stop working), to show once; undefined when the second factor is off. */
export async function regenerateRecoveryCodes(db: Kysely<Database>, userId: number) {
  const recoveryCodes = newRecoveryCodes()
  const result = await db
    .updateTable('second_factors')
    .set({ recovery_code_hashes: hashRecoveryCodes(recoveryCodes) })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1 ? recoveryCodes : undefined
}

/** Switches the second factor off: the secret and the recovery codes are deleted. */
export async function removeSecondFactor(db: Kysely<Database>, userId: number) {
  await db.deleteFrom('second_factors').where('user_id', '=', userId).execute()
}

/**
 * Sets a known secret, switched on, with no recovery codes: the demo administrator's published
 * one (README "Accounts"), so that account works in development and tests as its password does.
 */
export async function setKnownSecondFactor(db: Kysely<Database>, userId: number, secret: string, now = new Date()) {
  await db
    .insertInto('second_factors')
    .values({
      user_id: userId,
      secret_encrypted: encryptSecret(secret),
      enabled_at: now.toISOString(),
      last_used_step: null,
      recovery_code_hashes: '[]',
      created_at: now.toISOString(),
    })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute()
}
