import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openTestDatabase, testDatabaseFile } from './test-database'

/**
 * A private copy of the seeded test database for a test file that adds, changes and deletes
 * listings: the other files count listings on the shared one while they run. Set DATA_DIR to the
 * folder before the request handler opens its database.
 */
export function privateDataDir(name: string) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`))
  const source = openTestDatabase()
  try {
    // A consistent copy, whatever is still in the source's write-ahead log.
    source.exec(`vacuum into '${path.join(folder, 'marketplace.db').replaceAll("'", "''")}'`)
  } finally {
    source.close()
  }
  // The same session secret, which also encrypts the second factors' secrets (decision 0052): the demo administrator's still works.
  const secretFile = path.join(path.dirname(testDatabaseFile()), 'session-secret')
  if (fs.existsSync(secretFile)) fs.copyFileSync(secretFile, path.join(folder, 'session-secret'))
  return folder
}
