/**
 * `npm run audit:security` (issue 33): the hostile-input checks, run against the production
 * server (server/index.ts on the build, a private copy of the test database), one line per check
 * with PASS or FAIL and what it saw, then the count. It prints; it is not a timed test. Needs
 * `npm run build` and the test database (`npm run test:integration` prepares both).
 *
 *   npm run audit:security
 */
import { privateDataDir } from '../tests/support/private-data'
import { startProductionServer } from '../tests/support/server-process'
import * as accounts from './security-audit/accounts'
import * as boundedInputs from './security-audit/bounded-inputs'
import type { SecurityCheck } from './security-audit/check'
import * as originsAndSessions from './security-audit/origins-and-sessions'
import * as outboundFetchChecks from './security-audit/outbound-fetch'
import * as rateLimits from './security-audit/rate-limits'
import * as secretsInLogs from './security-audit/secrets-in-logs'
import * as secondFactor from './security-audit/second-factor'

const checkModules: Array<{ checks: SecurityCheck[] }> = [originsAndSessions, accounts, secondFactor, boundedInputs, outboundFetchChecks, rateLimits, secretsInLogs]

const dataDir = privateDataDir('security-audit')
const server = await startProductionServer({ DATA_DIR: dataDir })
const counts = { passed: 0, failed: 0 }
try {
  for (const { checks } of checkModules) {
    for (const check of checks) {
      const outcome = await check.run({ ...server, dataDir }).catch((error: unknown) => ({ pass: false, detail: `threw ${String(error)}` }))
      counts[outcome.pass ? 'passed' : 'failed'] += 1
      console.log(`${outcome.pass ? 'PASS' : 'FAIL'}  ${check.name}: ${outcome.detail}`)
    }
  }
} finally {
  server.child.kill('SIGTERM')
  await server.exited
}
console.log(`\n${counts.passed} passed, ${counts.failed} failed`)
process.exitCode = counts.failed > 0 ? 1 : 0
