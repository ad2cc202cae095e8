/**
 * `npm test`: typecheck, lint, format check, unit tests (no build or prepared data; the
 * data-layer tests also run on a throwaway PostgreSQL), production build, a small seeded
 * database, integration tests (the build's request handler on that database), then browser
 * tests with JavaScript on and off. Each stage prints its wall-clock time as it ends, and a table
 * of them comes before the last line, `N passed, N failed, N skipped` over every test and check.
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { startTestPostgres, type TestPostgres } from './test-postgres'

const resultsFolder = '.test-results'
const testDataDir = path.resolve('.test-data')
const totals = { passed: 0, failed: 0, skipped: 0 }
const startedAt = performance.now()
/** The stages in the order they ended, with their wall-clock times. */
const stages: { name: string; succeeded: boolean; seconds: number }[] = []

/** A stage started at `since` has ended: its line now, its row in the table at the end. */
function stageEnded(name: string, since: number, succeeded: boolean) {
  const seconds = (performance.now() - since) / 1000
  stages.push({ name, succeeded, seconds })
  console.log(`${succeeded ? '✓' : '✗'} ${name} ${seconds.toFixed(1)} s`)
  return succeeded
}

/** Runs one stage's command, its output as it comes. */
function run(stage: string, command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n$ ${command} ${args.join(' ')}`)
  const since = performance.now()
  return stageEnded(stage, since, spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status === 0)
}

function check(name: string, succeeded: boolean) {
  if (succeeded) totals.passed += 1
  else {
    totals.failed += 1
    console.error(`✗ ${name} failed`)
  }
  return succeeded
}

/**
 * Commands that share no files, run at once (the machine's second core would idle through each),
 * each one's output printed whole when it ends; resolves to each name with whether it succeeded.
 */
function runTogether(commands: Record<string, [command: string, args: string[]]>) {
  const since = performance.now()
  return Promise.all(
    Object.entries(commands).map(
      ([name, [command, args]]) =>
        new Promise<[string, boolean]>((resolve) => {
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
          const output: Buffer[] = []
          child.stdout.on('data', (chunk: Buffer) => output.push(chunk))
          child.stderr.on('data', (chunk: Buffer) => output.push(chunk))
          child.on('close', (status) => {
            console.log(`\n$ ${command} ${args.join(' ')}\n${Buffer.concat(output).toString()}`)
            resolve([name, stageEnded(name, since, status === 0)])
          })
        }),
    ),
  )
}

/** The counts read from vitest's JSON report. */
interface VitestReport {
  numPassedTests: number
  numFailedTests: number
  numPendingTests: number
  numTodoTests: number
}

/** The counts read from Playwright's JSON report. */
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number }
}

function readJson<Report>(file: string): Report | undefined {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Report) : undefined
}

let postgres: TestPostgres | undefined

function stopPostgres() {
  postgres?.stop()
  postgres = undefined
}

/** One vitest run with its own JSON report, added to the totals. */
function vitest(name: string, config: string, env: Record<string, string>) {
  const report = path.join(resultsFolder, `vitest-${name}.json`)
  const succeeded = run(`${name} tests`, 'npx', ['vitest', 'run', `--config=${config}`, '--reporter=default', '--reporter=json', `--outputFile=${report}`], env)
  const results = readJson<VitestReport>(report)
  if (results) {
    totals.passed += results.numPassedTests
    totals.failed += results.numFailedTests
    totals.skipped += results.numPendingTests + results.numTodoTests
    if (!succeeded && results.numFailedTests === 0) check(`${name} test run`, false)
  } else check(`${name} test run`, false)
}

/** The stages' times, those run together counted each from the start they shared, and the whole run's. */
function printStageTimes() {
  const width = Math.max('total'.length, ...stages.map(({ name }) => name.length))
  const row = (mark: string, name: string, seconds: number) => console.log(`${mark} ${name.padEnd(width)} ${seconds.toFixed(1).padStart(6)} s`)
  console.log('\nStage times:')
  for (const { name, succeeded, seconds } of stages) row(succeeded ? '✓' : '✗', name, seconds)
  row(' ', 'total', (performance.now() - startedAt) / 1000)
}

function finish(): never {
  stopPostgres()
  printStageTimes()
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
  process.exit(totals.failed > 0 ? 1 : 0)
}

fs.rmSync(resultsFolder, { recursive: true, force: true })
fs.mkdirSync(resultsFolder, { recursive: true })

const staticChecks = await runTogether({
  // React Router's route types first (`./+types/…`), which tsc then reads.
  typecheck: ['npm', ['run', '--silent', 'typecheck']],
  lint: ['npx', ['eslint', '.', '--max-warnings=0']],
  format: ['npx', ['prettier', '--check', '.']],
})
for (const [name, succeeded] of staticChecks) check(name, succeeded)

// The data-layer unit tests run on SQLite and on this server; it stays up for the integration tests.
process.on('exit', stopPostgres)
postgres = startTestPostgres()
if (!postgres) console.warn('PostgreSQL binaries not found: the PostgreSQL data-layer tests will be skipped.')
const postgresEnv = { TEST_POSTGRES_URL: postgres?.url ?? '' }
vitest('unit', 'vitest.config.ts', postgresEnv)

if (!check('build', run('build', 'npx', ['react-router', 'build']))) finish()

fs.rmSync(testDataDir, { recursive: true, force: true })
// The tests sign in as the demo accounts (decision 0050), whatever environment the shell names.
const testEnv = { DATA_DIR: testDataDir, TEST_DATA_DIR: testDataDir, SEED_LISTINGS: '3000', SEED_DEMO_USERS: '1' }
if (!check('seed test database', run('seed test database', 'npx', ['tsx', 'scripts/prepare-data.ts'], testEnv))) finish()

vitest('integration', 'vitest.integration.config.ts', { ...testEnv, ...postgresEnv })
stopPostgres()

const browserSucceeded = run('browser tests (js-on, js-off)', 'npx', ['playwright', 'test'], testEnv)
const browser = readJson<PlaywrightReport>(path.join(resultsFolder, 'playwright.json'))
if (browser) {
  totals.passed += browser.stats.expected + browser.stats.flaky
  totals.failed += browser.stats.unexpected
  totals.skipped += browser.stats.skipped
  if (!browserSucceeded && browser.stats.unexpected === 0) check('browser test run', false)
} else check('browser test run', false)

finish()
