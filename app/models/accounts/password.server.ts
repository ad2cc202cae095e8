import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * Password hashes with scrypt (memory-hard, architecture "Boundaries"), a random salt per user.
 * Stored as `scrypt$N$r$p$salt$hash` (base64url), so the cost can rise later without breaking
 * old hashes.
 */
const cost = { N: 16384, r: 8, p: 1 } as const
const keyLength = 32

function derive(password: string, salt: Buffer, options: { N: number; r: number; p: number }) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key)))
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

let unusedHash: Promise<string> | undefined

/**
 * Spends the time of one password check against no one's hash: called when an e-mail address is
 * unknown, so a login takes as long whether or not the address has an account.
 */
export async function spendPasswordCheck(password: string) {
  unusedHash ??= hashPassword(randomBytes(18).toString('base64url'))
  await verifyPassword(password, await unusedHash)
}
