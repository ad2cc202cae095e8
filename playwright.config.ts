import { defineConfig, devices } from '@playwright/test'

/** Port of the production server the browser tests start; the four sites are its *.localhost hosts. */
export const e2ePort = Number(process.env.E2E_PORT ?? 3100)

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // The network here is closed: without these flags Chromium floods it with refused connections.
    // The device's user agent is also the browser's own: Playwright sets it per page, and a beacon sent as a
    // page unloads would otherwise go out as HeadlessChrome, which the server takes for a crawler.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-agent=${devices['Desktop Chrome'].userAgent}`,
    ],
  },
}

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.test-results/playwright.json' }]],
  // The app registers a service worker (decision 0034); it would answer requests a test routes or
  // holds, so only the tests of the worker itself (tests/e2e/offline.test.ts) let it in.
  use: { trace: 'retain-on-failure', serviceWorkers: 'block' },
  // Each project is a client of its own (the server trusts the loopback proxy header): the login
  // limit of 20 tries in 15 minutes per address is then each project's, as for two people.
  projects: [
    { name: 'js-on', use: { ...chromium, extraHTTPHeaders: { 'X-Forwarded-For': '192.0.2.201' } } },
    { name: 'js-off', use: { ...chromium, javaScriptEnabled: false, extraHTTPHeaders: { 'X-Forwarded-For': '192.0.2.202' } } },
  ],
  webServer: {
    command: 'node --import tsx server/index.ts',
    url: `http://127.0.0.1:${e2ePort}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(e2ePort),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.TEST_DATA_DIR ?? '.test-data',
      SITE_ENVIRONMENT: 'production',
      TRUST_PROXY: 'loopback',
      // One worker: on the two cores the browsers share, a second worker's cold start (its place data)
      // made a first request wait past the tests' 5 s; many workers are tests/integration/workers.test.ts's.
      WEB_CONCURRENCY: '1',
    },
  },
})
