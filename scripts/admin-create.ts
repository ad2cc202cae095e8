/**
 * npm run admin:create -- --email you@example.com [--link]
 * Makes the first administrator (or any other) of the configured database (decision 0050): the
 * password is asked on the terminal without echo (at least 12 characters; piped in, the first line
 * of stdin), or with --link a one-time link to choose it is printed. An existing account with that
 * e-mail becomes an administrator.
 */
import { parseArgs } from 'node:util'
import { administratorPasswordMinLength, createAdministrator } from '../app/models/accounts/administrators.server'
import { resetKeyLifetimeMinutes } from '../app/models/accounts/password-reset.server'
import { migrateToLatest, openDatabase } from '../app/models/db/db.server'
import { sites } from '../app/sites/index'
import { siteOrigin } from '../app/sites/site-origin.server'

/** Where the set-password link points: the land site's configured origin (SITE_ORIGINS, decision 0046). */
const linkOrigin = siteOrigin(sites.land)

/** Reads a line from the terminal without showing it; from a pipe, the first line. */
function readHiddenLine(prompt: string): Promise<string> {
  const { stdin, stdout } = process
  return new Promise((resolve, reject) => {
    let typed = ''
    const finish = (error?: Error) => {
      stdin.off('data', onData)
      stdin.off('end', onEnd)
      if (stdin.isTTY) stdin.setRawMode(false)
      stdin.pause()
      if (error) reject(error)
      else resolve(typed)
    }
    const onEnd = () => finish()
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') {
          if (stdin.isTTY) stdout.write('\n')
          return finish()
        }
        if (character === '\u0003') return finish(new Error('Cancelled.'))
        typed = character === '\u007f' || character === '\b' ? typed.slice(0, -1) : typed + character
      }
    }
    if (stdin.isTTY) {
      stdout.write(prompt)
      stdin.setRawMode(true)
    }
    stdin.setEncoding('utf8')
    stdin.on('data', onData)
    stdin.on('end', onEnd)
    stdin.resume()
  })
}

async function askPassword() {
  const password = await readHiddenLine(`Password (at least ${administratorPasswordMinLength} characters): `)
  if (password.length < administratorPasswordMinLength) throw new Error(`The password must be at least ${administratorPasswordMinLength} characters long.`)
  if (process.stdin.isTTY && (await readHiddenLine('The same password again: ')) !== password) throw new Error('The two passwords differ.')
  return password
}

const { values } = parseArgs({ options: { email: { type: 'string' }, link: { type: 'boolean', default: false } } })
if (!values.email || !/^[^\s@]+@[^\s@]+$/.test(values.email)) {
  console.error('Usage: npm run admin:create -- --email you@example.com [--link]')
  process.exit(1)
}

const db = openDatabase()
try {
  const secret = values.link ? ({ resetLink: true } as const) : { password: await askPassword() }
  await migrateToLatest(db)
  const { resetKey } = await createAdministrator(db, values.email, secret)
  console.log(`${values.email} is an administrator.`)
  if (resetKey) console.log(`Choose the password within ${resetKeyLifetimeMinutes} minutes, once: ${linkOrigin}/reset/${resetKey}`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await db.destroy()
}
