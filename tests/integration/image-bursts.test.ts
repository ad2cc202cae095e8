import fs from 'node:fs'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { privateDataDir } from '../support/private-data'
import { type ProductionServer, startProductionServer } from '../support/server-process'
import { openTestDatabase } from '../support/test-database'

/**
 * Issue 18 §7: a listing page, a search page or a carousel asks for many sizes nobody asked for
 * before, all at once; a browser must never see a 503. 100 first-time image requests at once (more
 * than the 64 renders that may wait, where the route used to answer 503), on a cold image cache (a
 * private data folder), all answer 200 with an image.
 */
let server: ProductionServer
let dataDir: string

beforeAll(async () => {
  dataDir = privateDataDir('image-bursts')
  server = await startProductionServer({ DATA_DIR: dataDir })
}, 60_000)

afterAll(async () => {
  server.child.kill('SIGTERM')
  await server.exited
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const residentMegabytes = (pid: number) => Number(fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)![1]) / 1024

test('100 concurrent first-time image requests all answer 200 with an image', async () => {
  const db = openTestDatabase()
  const documentIds = (db.prepare('select image_ids from listings where image_ids is not null limit 80').all() as { image_ids: string }[]).flatMap(
    (row) => JSON.parse(row.image_ids) as number[],
  )
  db.close()
  const sizes = [
    [300, 400, 'webp'],
    [600, 800, 'avif'],
    [900, 1200, 'jpeg'],
    [150, 200, 'webp'],
    [1200, 1600, 'avif'],
  ] as const
  const paths = Array.from({ length: 100 }, (_, index) => {
    const [height, width, format] = sizes[index % sizes.length]!
    return `/resizedimages/${height}/${width}/cover/80/${format}/1-${documentIds[index % documentIds.length]!}`
  })
  expect(new Set(paths).size).toBe(100)
  const before = residentMegabytes(server.child.pid!)
  const started = performance.now()
  const answers = await Promise.all(paths.map((path) => server.fetchPage('land.localhost', path)))
  const seconds = (performance.now() - started) / 1000
  const after = residentMegabytes(server.child.pid!)
  const standIns = answers.filter((answer) => answer.headers.get('cache-control') === 'no-store').length
  console.log(`100 cold images in ${seconds.toFixed(1)} s, ${standIns} stand-ins; server RSS ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after`)
  expect(answers.map((answer) => answer.status)).toEqual(paths.map(() => 200))
  for (const answer of answers) {
    expect(answer.headers.get('content-type')).toMatch(/^image\//)
    expect((await answer.arrayBuffer()).byteLength).toBeGreaterThan(0)
  }
}, 60_000)
