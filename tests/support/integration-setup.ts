import fs from 'node:fs'
import path from 'node:path'

/** Vitest global setup of the integration tests: stops early, with the fix, when the build or the seeded database is missing. */
export default function checkIntegrationPrerequisites() {
  const dataDir = path.resolve(process.env.TEST_DATA_DIR ?? '.test-data')
  const missing = [
    fs.existsSync('build/server/index.js') ? undefined : 'the production build (build/server/index.js): run `npx react-router build`',
    fs.existsSync(path.join(dataDir, 'marketplace.db'))
      ? undefined
      : `the seeded test database (${path.join(dataDir, 'marketplace.db')}): run \`DATA_DIR=${dataDir} SEED_LISTINGS=3000 npx tsx scripts/prepare-data.ts\``,
  ].filter((line) => line !== undefined)
  if (missing.length > 0) throw new Error(`The integration tests need ${missing.join(', and ')}. \`npm run test:integration\` prepares both.`)
}
