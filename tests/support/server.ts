import fs from 'node:fs'
import { afterAll, beforeAll } from 'vitest'
import type { SiteFetch } from './http'
import { privateDataDir } from './private-data'
import { type ProductionServer, startProductionServer } from './server-process'

export { type ProductionServer, startProductionServer } from './server-process'

/**
 * The production server for a test file: started before its tests, stopped after. With
 * `privateData`, on a copy of the test database of that name (for tests that write rows or fill
 * caches), removed afterwards.
 */
export function productionServer({ privateData }: { privateData?: string } = {}) {
  let server: ProductionServer | undefined
  let dataDir: string | undefined
  beforeAll(async () => {
    dataDir = privateData === undefined ? undefined : privateDataDir(privateData)
    server = await startProductionServer(dataDir === undefined ? {} : { DATA_DIR: dataDir })
  }, 60_000)
  afterAll(async () => {
    server?.child.kill('SIGTERM')
    await server?.exited
    if (dataDir !== undefined) fs.rmSync(dataDir, { recursive: true, force: true })
  })
  const fetchPage: SiteFetch = (...args) => server!.fetchPage(...args)
  return {
    fetchPage,
    logs: () => server!.logs,
    output: () => server!.output,
    dataDir: () => dataDir!,
    processId: () => server!.child.pid!,
    port: () => server!.port,
  }
}
