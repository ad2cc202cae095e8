import fs from 'node:fs'
import path from 'node:path'
import { demoUsers } from '~/models/accounts/demo-users'

/**
 * A request that once answered 500 or more, or hung, when `npm run fuzz` sent it: saved as
 * tests/fuzz-cases/{hash}.json, replayed by tests/integration/fuzz-cases.test.ts.
 */
export interface FuzzCase {
  method: 'GET' | 'HEAD' | 'POST'
  /** The site's Host header: land.localhost, farm.localhost, hunting.localhost, value.localhost. */
  host: string
  path: string
  headers?: Record<string, string>
  body?: string
  /** Sent with the session of one of the seeded demo accounts. */
  session?: keyof typeof fuzzSessionUsers
  /** What the fuzz run got: the status or 'hang', and the time. */
  found?: string
}

export const fuzzCaseFolder = 'tests/fuzz-cases'

/** The seeded demo accounts (app/models/accounts/demo-users.ts) whose sessions the fuzz run posts forms with. */
export const fuzzSessionUsers = {
  seller: { email: 'demo.seller@example.com', password: 'demo-seller-1', totpSecret: null },
  // The demo administrator's published second factor (decision 0052).
  admin: { email: 'demo.admin@example.com', password: 'demo-admin-1', totpSecret: demoUsers.find((user) => user.isAdmin)!.totpSecret },
} as const

export function savedFuzzCases(): { file: string; fuzzCase: FuzzCase }[] {
  if (!fs.existsSync(fuzzCaseFolder)) return []
  return fs
    .readdirSync(fuzzCaseFolder)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({ file, fuzzCase: JSON.parse(fs.readFileSync(path.join(fuzzCaseFolder, file), 'utf8')) as FuzzCase }))
}
