import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import tsconfigPaths from 'vite-tsconfig-paths'
import { browserScripts } from './vite-plugins/browser-scripts'

/**
 * Unit tests (`npm run test:unit`, `npx vitest run tests/unit`): no build, no seeded data, no
 * server. Database tests make their own SQLite database in a temporary folder; their
 * PostgreSQL runs are skipped unless TEST_POSTGRES_URL is set. The integration tests have
 * their own config, vitest.integration.config.ts.
 */
export default defineConfig({
  plugins: [tsconfigPaths(), browserScripts()],
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Vitest leaves a core free by default: one fork on a 2-core machine, where the tests wait on
    // files and PostgreSQL as much as on the CPU (two forks take 75 s where one took 180 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
})
