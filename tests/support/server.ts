import { afterAll, beforeAll } from 'vitest'
import type { SiteFetch } from './http'
import { type ProductionServer, startProductionServer } from './server-process'

export { type ProductionServer, startProductionServer } from './server-process'

/** The production server for a test file: started before its tests, stopped after. */
export function productionServer() {
  let server: ProductionServer | undefined
  beforeAll(async () => {
    server = await startProductionServer()
  }, 60_000)
  afterAll(async () => {
    server?.child.kill('SIGTERM')
    await server?.exited
  })
  const fetchPage: SiteFetch = (...args) => server!.fetchPage(...args)
  return { fetchPage, logs: () => server!.logs }
}
