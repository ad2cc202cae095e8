import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * Password hashes with scrypt (memory-hard, architecture "Boundaries"), a random salt per user.
 * Stored as `scrypt$N$r$p$salt$hash` (base64url), so the cost can rise without breaking old hashes:
 * a hash at an older cost still verifies, and is replaced at the user's next login (`needsRehash`).
 */
type Cost = { N: number; r: number; p: number }

/**
 * OWASP Password Storage Cheat Sheet's scrypt parameters (N=2^17, r=8, p=1): 128 MiB and about a
 * quarter of a second of one core a hash (decision 0051).
 */
const cost: Cost = { N: 2 ** 17, r: 8, p: 1 }
const keyLength = 32

// scrypt needs 128·N·r bytes for its table and a little more for its blocks; Node refuses to run
// past `maxmem` (32 MiB by default).
const maxmemSlack = 1024 * 1024

function derive(password: string, salt: Buffer, options: Cost) {
  return new Promise<Buffer>((resolve, reject) => {
    const maxmem = 128 * options.N * options.r + maxmemSlack
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem }, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

export async function hashPassword(password: string) {
  const salt = randomBytes(16)
  const key = await derive(password, salt, cost)
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** Whether `password` matches `storedHash`, compared in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, storedHash: string) {
  const [scheme, N, r, p, salt, key] = storedHash.split('$')
  if (scheme !== 'scrypt' || !salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(N), r: Number(r), p: Number(p) })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/** Whether a stored hash was made at another cost than today's, so the next login should store a new one. */
export function needsRehash(storedHash: string) {
  const [, N, r, p] = storedHash.split('$')
  return Number(N) !== cost.N || Number(r) !== cost.r || Number(p) !== cost.p
}

let unusedHash: Promise<string> | undefined

/**
 * Spends the time of one password check against no one's hash: called when an e-mail address is
 * unknown, so a login takes as long whether or not the address has an account.
 */
export async function spendPasswordCheck(password: string) {
  unusedHash ??= hashPassword(randomBytes(18).toString('base64url'))
  await verifyPassword(password, await unusedHash)
}
