import fs from 'node:fs'
import { expect, test } from 'vitest'
import { productionServer } from '../support/server'
import { openTestDatabase } from '../support/test-database'

/**
 * Issue 18 §7: a listing page, a search page or a carousel asks for many sizes nobody asked for
 * before, all at once; a browser must never see a 503. 100 first-time image requests at once (more
 * than the 64 renders that may wait, where the route used to answer 503), on a cold image cache (a
 * private data folder), all answer 200 with an image.
 */
const server = productionServer({ privateData: 'image-bursts' })

const residentMegabytes = (pid: number) => Number(fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)![1]) / 1024

test('100 concurrent first-time image requests all answer 200 with an image', async () => {
  const db = openTestDatabase()
  const documentIds = (db.prepare('select image_ids from listings where image_ids is not null limit 80').all() as { image_ids: string }[]).flatMap(
    (row) => JSON.parse(row.image_ids) as number[],
  )
  db.close()
  // Sizes the pages ask for (the route renders no others): cards, the gallery's first photo, structured data.
  const sizes = [
    [213, 320, 60, 'webp'],
    [480, 720, 60, 'webp'],
    [600, 900, 60, 'webp'],
    [800, 1200, 80, 'jpeg'],
    [1200, 1800, 60, 'webp'],
  ] as const
  const paths = Array.from({ length: 100 }, (_, index) => {
    const [height, width, quality, format] = sizes[index % sizes.length]!
    return `/resizedimages/${height}/${width}/cover/${quality}/${format}/1-${documentIds[index % documentIds.length]!}`
  })
  expect(new Set(paths).size).toBe(100)
  const before = residentMegabytes(server.processId())
  const started = performance.now()
  const answers = await Promise.all(paths.map((path) => server.fetchPage('land.localhost', path)))
  const seconds = (performance.now() - started) / 1000
  const after = residentMegabytes(server.processId())
  const standIns = answers.filter((answer) => answer.headers.get('cache-control') === 'no-store').length
  console.log(`100 cold images in ${seconds.toFixed(1)} s, ${standIns} stand-ins; server RSS ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after`)
  expect(answers.map((answer) => answer.status)).toEqual(paths.map(() => 200))
  for (const answer of answers) {
    expect(answer.headers.get('content-type')).toMatch(/^image\//)
    expect((await answer.arrayBuffer()).byteLength).toBeGreaterThan(0)
  }
}, 60_000)
