import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { demoUsers } from '../../app/models/accounts/demo-users'
import type { AuditedServer, CheckOutcome, SecurityCheck } from './check'

/**
 * Secrets stay out of logs, and no known password in production (issue 33 findings 6 and 3): a
 * reset key, a login token or a reply token sent to the server appears on none of the lines it
 * prints (its request log, its warnings and errors, the browsers' error reports it passes on),
 * and a production start over a database holding the demo accounts names them.
 */
const host = 'land.localhost'
const sameOrigin = { origin: `http://${host}` }

/** How long the server has to write a request's log line once it answered. */
const logLineWaitMs = 5_000

/** Resolves once the server logged the answered request (its line is written when the answer is done). */
async function logLineWritten(server: AuditedServer, response: Response) {
  const requestId = response.headers.get('x-request-id')
  const deadline = Date.now() + logLineWaitMs
  while (!server.logs.some((entry) => entry.requestId === requestId)) {
    if (Date.now() > deadline) throw new Error(`no log line for request ${requestId} within ${logLineWaitMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Sends what `request` makes of a fresh secret; passes when no printed line holds that secret. */
function secretCheck(name: string, request: (secret: string) => { path: string; init?: RequestInit }): SecurityCheck {
  return {
    name,
    async run(server): Promise<CheckOutcome> {
      const secret = randomBytes(18).toString('base64url')
      const { path, init } = request(secret)
      const response = await server.fetchPage(host, path, init)
      await logLineWritten(server, response)
      const leaks = server.output.filter((line) => line.includes(secret))
      return leaks.length === 0
        ? { pass: true, detail: `${response.status}; the secret is on none of the ${server.output.length} printed lines` }
        : { pass: false, detail: `${response.status}; the secret is printed: ${leaks[0]!.slice(0, 160)}` }
    },
  }
}

const clientLogBody = (secret: string) =>
  JSON.stringify({ message: `Failed at http://${host}/?token=${secret}`, logSeverity: 'error', url: `http://${host}/search/?token=${secret}` })

/** A production start (`npm start`'s data preparation) over the audit's copy of the test database, which holds the demo accounts. */
const demoAccountsNamed: SecurityCheck = {
  name: 'a production start over a database with the demo accounts names them',
  async run(server) {
    const start = spawnSync('npx', ['tsx', 'scripts/prepare-data.ts'], {
      env: { ...process.env, DATA_DIR: server.dataDir, SITE_ENVIRONMENT: 'production', SEED_DEMO_USERS: '' },
      encoding: 'utf8',
    })
    const warning = start.stderr.split('\n').find((line) => demoUsers.every((user) => line.includes(user.email)))
    return warning ? { pass: true, detail: warning.slice(0, 120) } : { pass: false, detail: `exit ${start.status}; no line names the demo accounts` }
  },
}

export const checks: SecurityCheck[] = [
  secretCheck('a password reset key stays out of the logs', (secret) => ({ path: `/reset/${secret}` })),
  secretCheck('a login token posted to the §7 endpoint stays out of the logs', (secret) => ({
    path: `/api/authenticate/loginviatoken/${secret}/0`,
    init: { method: 'POST', headers: sameOrigin },
  })),
  secretCheck('a login token refused for a wrong site id stays out of the logs', (secret) => ({
    path: `/api/authenticate/loginviatoken/${secret}/1080`,
    init: { method: 'POST', headers: sameOrigin },
  })),
  secretCheck('a Lands Connector reply token stays out of the logs', (secret) => ({ path: `/lands-connector/reply/${secret}/` })),
  secretCheck('a login token in a page address stays out of the logs', (secret) => ({ path: `/?token=${secret}` })),
  secretCheck("a token in a browser's error report stays out of the logs", (secret) => ({
    path: '/logging/log/',
    init: { method: 'POST', body: clientLogBody(secret), headers: { ...sameOrigin, 'content-type': 'application/json' } },
  })),
  demoAccountsNamed,
]
