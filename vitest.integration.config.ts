import path from 'node:path'
import { defineConfig } from 'vitest/config'
import unitConfig from './vitest.config'

/**
 * Integration tests (`npm run test:integration`): the production build's request handler
 * (build/server/index.js) on the seeded test database in TEST_DATA_DIR (default .test-data),
 * which is also the app's DATA_DIR. tests/support/integration-setup.ts checks both are there.
 */
const testDataDir = path.resolve(process.env.TEST_DATA_DIR ?? '.test-data')
/** The sites' origins the tests' requests name (decision 0046): each site's development host, on no port. */
const siteOrigins = ['land', 'farm', 'hunting', 'value'].map((key) => `${key}=http://${key}.localhost`).join(',')

export default defineConfig({
  ...unitConfig,
  test: {
    ...unitConfig.test,
    include: ['tests/integration/**/*.test.ts'],
    globalSetup: ['tests/support/integration-setup.ts'],
    env: { DATA_DIR: testDataDir, TEST_DATA_DIR: testDataDir, SITE_ORIGINS: siteOrigins },
  },
})
