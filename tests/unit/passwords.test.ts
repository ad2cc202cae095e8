import { randomBytes, scryptSync } from 'node:crypto'
import { parseWithZod } from '@conform-to/zod'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SignupSchema } from '~/models/accounts/account-forms'
import { hashPassword, verifyPassword } from '~/models/accounts/password.server'
import { createUser, verifyLogin } from '~/models/accounts/user.server'
import { migrateToLatest } from '~/models/db/db.server'
import { freshSqliteDatabase } from '../support/fresh-database'

/**
 * New passwords (issue 33 item 7): at least 12 characters, no composition rule, not one of the
 * common breached passwords; hashed with scrypt at OWASP's cost, older hashes replaced at login.
 */
const passwordMessage = 'The password does not meet the requirements. Please try again.'

function signupErrors(password: string) {
  const form = new FormData()
  for (const [name, value] of Object.entries({ name: 'Pat Buyer', email: 'pat@example.com', password, confirmPassword: password })) form.append(name, value)
  const submission = parseWithZod(form, { schema: SignupSchema })
  return submission.status === 'success' ? undefined : submission.error
}

describe('the password rule of sign-up, reset and settings', () => {
  test.each(['creek-side-42', 'correct horse battery', 'aaaaaaaaaaaaaaaaaaaa', '🌾🌾🌾🌾🌾🌾🌾🌾🌾🌾🌾🌾'])(
    '%s is accepted: 12 characters, no composition rule',
    (password) => {
      expect(signupErrors(password)).toBeUndefined()
    },
  )

  test.each(['creek-side4', 'abcdefg1', 'short'])('%s is refused with the §8 message: shorter than 12', (password) => {
    expect(signupErrors(password)).toEqual({ password: [passwordMessage] })
  })

  test.each(['password1234', 'qwerty123456', '1q2w3e4r5t6y', 'Password1234', 'QWERTYUIOP123'])(
    '%s is refused with the §8 message: a common breached password',
    (password) => {
      expect(signupErrors(password)).toEqual({ password: [passwordMessage] })
    },
  )
})

describe('password hashes', () => {
  test('a new hash is scrypt at N=2^17, r=8, p=1, and verifies', async () => {
    const hash = await hashPassword('creek-side-42')
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]+\$[\w-]+$/)
    expect(await verifyPassword('creek-side-42', hash)).toBe(true)
    expect(await verifyPassword('creek-side-43', hash)).toBe(false)
  })

  describe('a hash at the old cost', () => {
    const db = freshSqliteDatabase('passwords')
    const email = 'old.hash@example.com'
    const password = 'creek-side-42'
    const storedHash = () => db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow()

    beforeAll(async () => {
      await migrateToLatest(db)
      await createUser(db, { contactName: 'Olive Hash', email, password, newsletter: false })
      // What `hashPassword` stored before issue 33: N=2^14.
      const salt = randomBytes(16)
      const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 16384, r: 8, p: 1 })
      const oldHash = ['scrypt', 16384, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$')
      await db.updateTable('users').set({ password_hash: oldHash }).where('email', '=', email).execute()
    })

    afterAll(() => db.destroy())

    test('still logs in, and the login stores a hash at the current cost', async () => {
      const wrong = await verifyLogin(db, { email, password: 'creek-side-43' })
      expect(wrong).toBeUndefined()
      expect((await storedHash()).password_hash).toMatch(/^scrypt\$16384\$/)
      expect(await verifyLogin(db, { email, password })).toMatchObject({ isBlocked: false })
      expect((await storedHash()).password_hash).toMatch(/^scrypt\$131072\$8\$1\$/)
      expect(await verifyLogin(db, { email, password })).toMatchObject({ isBlocked: false })
    })
  })
})
