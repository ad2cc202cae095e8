import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { readConfig } from '~/config.server'

/**
 * SESSION_SECRET from the environment (comma-separated: the first signs, all verify, so secrets
 * rotate); without it a random secret made once and kept in the data folder, so a restart keeps
 * everyone logged in.
 */
export function sessionSecrets(): string[] {
  const configured = process.env.SESSION_SECRET?.split(',')
    .map((secret) => secret.trim())
    .filter(Boolean)
  if (configured?.length) return configured
  const file = path.join(readConfig().dataDir, 'session-secret')
  try {
    return [fs.readFileSync(file, 'utf8').trim()]
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    const secret = crypto.randomBytes(32).toString('base64url')
    // 'wx' fails if another process wrote the file first; then that secret is the one.
    try {
      fs.writeFileSync(file, secret, { flag: 'wx', mode: 0o600 })
      return [secret]
    } catch {
      return [fs.readFileSync(file, 'utf8').trim()]
    }
  }
}

const signatureOf = (secret: string, purpose: string, value: string) =>
  crypto.createHmac('sha256', secret).update(`${purpose}:${value}`).digest('base64url').slice(0, 32)

/**
 * `{value}.{signature}`: a value anyone may read but only this server can have written, for a link
 * that is its own permission (a land professional's reply link). `purpose` keeps a signature made
 * for one kind of link from opening another.
 */
export function signValue(purpose: string, value: string) {
  return `${value}.${signatureOf(sessionSecrets()[0]!, purpose, value)}`
}

/** The value of a `signValue` text signed with any current secret; undefined for anything else. */
export function verifySignedValue(purpose: string, signed: string) {
  const dot = signed.lastIndexOf('.')
  if (dot <= 0) return undefined
  const value = signed.slice(0, dot)
  const given = Buffer.from(signed.slice(dot + 1))
  const isSigned = sessionSecrets().some((secret) => {
    const expected = Buffer.from(signatureOf(secret, purpose, value))
    return expected.length === given.length && crypto.timingSafeEqual(expected, given)
  })
  return isSigned ? value : undefined
}
