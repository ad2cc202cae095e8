import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { createKysely } from '~/models/db/dialect.server'
import { resizedImagePath } from '~/models/media/document-ids'
import { s3PhotoStorage } from '~/models/media/s3-photo-storage.server'
import { draftPhotoUploadPath } from '~/models/sellers/listing-draft'
import { createDraft } from '~/models/sellers/listing-drafts.server'
import { becomeOwnerSeller, findSellerScope } from '~/models/sellers/seller-scope.server'
import { fixedRenditions } from '~/utils/image-renditions'
import { sessionCookie } from '../support/http'
import { startS3Server } from '../support/s3-server'
import { type ProductionServer, startProductionServer } from '../support/server-process'

/**
 * Issue 37: two production servers on one database and one bucket (PHOTO_STORE=s3://…, a local
 * s3rver), each with its own data folder as two machines have. A photo a seller uploads through
 * one is served by the other, which never had it on its disk.
 */
const databaseFile = path.resolve(process.env.TEST_DATA_DIR ?? '.test-data', 'marketplace.db')
const modelDb = createKysely({ sqliteFile: databaseFile })
const host = 'land.localhost'
let s3: Awaited<ReturnType<typeof startS3Server>>
const dataDirs: string[] = []
const servers: ProductionServer[] = []

async function startServerWithItsOwnDisk() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'photos-in-a-bucket-'))
  dataDirs.push(dataDir)
  const server = await startProductionServer({ ...s3.env, DATA_DIR: dataDir, DATABASE_URL: databaseFile })
  servers.push(server)
  return { ...server, dataDir }
}

beforeAll(async () => {
  s3 = await startS3Server()
  // This process reads the bucket too, with the servers' credentials.
  for (const [name, value] of Object.entries(s3.env)) vi.stubEnv(name, value)
})

afterAll(async () => {
  vi.unstubAllEnvs()
  for (const server of servers) server.child.kill('SIGTERM')
  await Promise.all(servers.map((server) => server.exited))
  await s3.close()
  await modelDb.destroy()
  await Promise.all(dataDirs.map((dataDir) => rm(dataDir, { recursive: true, force: true })))
})

test('a photo uploaded through one server is served by another with a different data folder and the same bucket', async () => {
  const [first, second] = await Promise.all([startServerWithItsOwnDisk(), startServerWithItsOwnDisk()])

  const user = await modelDb.selectFrom('users').select('id').where('email', '=', 'demo.seller@example.com').executeTakeFirstOrThrow()
  const scope = (await findSellerScope(modelDb, user.id)) ?? (await becomeOwnerSeller(modelDb, user.id))
  const draftId = await createDraft(modelDb, scope, {})
  const cookie = await sessionCookie(first.fetchPage, host, { email: 'demo.seller@example.com', password: 'demo-seller-1' }, '198.51.100.181')
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#5a8', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .jpeg()
    .toBuffer()
  const form = new FormData()
  form.append('photos', new File([new Uint8Array(photo)], 'meadow.jpg', { type: 'image/jpeg' }))
  const request = new Request(`http://${host}${draftPhotoUploadPath(draftId)}`, { method: 'POST', body: form })
  const uploaded = await first.fetchPage(host, draftPhotoUploadPath(draftId), {
    method: 'POST',
    // The multipart body and its boundary, as a browser sends them.
    body: new Uint8Array(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')!, cookie, origin: `http://${host}`, accept: 'application/json' },
  })
  expect(uploaded.status).toBe(200)
  const answer = (await uploaded.json()) as { stored: { documentId: number; fileName: string }[]; failures: unknown[] }
  expect(answer).toEqual({ stored: [{ documentId: expect.any(Number), fileName: 'meadow.jpg' }], failures: [] })
  const { documentId } = answer.stored[0]!

  // The original is in the bucket, on neither server's disk.
  expect(await s3PhotoStorage(s3.setting).get(`${documentId}.jpg`)).toBeInstanceOf(Buffer)
  expect(existsSync(path.join(first.dataDir, 'uploads'))).toBe(false)

  const imagePath = resizedImagePath(documentId, fixedRenditions.draftPhoto)
  const fromFirst = await first.fetchPage(host, imagePath)
  const fromSecond = await second.fetchPage(host, imagePath)
  expect([fromFirst.status, fromSecond.status]).toEqual([200, 200])
  const [firstBody, secondBody] = await Promise.all([fromFirst.arrayBuffer(), fromSecond.arrayBuffer()])
  expect(await sharp(Buffer.from(secondBody)).metadata()).toMatchObject({ format: 'jpeg', width: 240, height: 160 })
  expect(Buffer.from(secondBody).equals(Buffer.from(firstBody))).toBe(true)
  expect(existsSync(path.join(second.dataDir, 'uploads'))).toBe(false)
  // Neither server printed the bucket's secret.
  expect([...first.output, ...second.output].join('\n')).not.toContain(s3.env.AWS_SECRET_ACCESS_KEY)
  // Two servers start on a machine the other tests keep busy.
}, 90_000)
