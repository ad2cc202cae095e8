/**
 * `npm run photos:migrate [-- --from <folder>]`: copies the photos of a folder store (default
 * $DATA_DIR/uploads) into the bucket PHOTO_STORE names, reads each back to check its size and
 * SHA-256, and prints the counts (decision 0065). Safe to run again: what is there already is
 * compared, not copied. Exits 1 when a photo could not be copied as it is.
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { readConfig } from '../app/config.server'
import { folderPhotoStorage, uploadsFolder } from '../app/models/media/folder-photo-storage.server'
import { copyPhotos } from '../app/models/media/photo-copy.server'
import { configuredPhotoStorage } from '../app/models/media/photo-store.server'

const { values } = parseArgs({ options: { from: { type: 'string' } } })
const config = readConfig()
if (config.photoStore.kind !== 's3') {
  console.error('PHOTO_STORE names no bucket: set PHOTO_STORE=s3://bucket/prefix (and S3_ENDPOINT, AWS_REGION, the AWS credentials) to copy the photos into it.')
  process.exit(2)
}
const from = folderPhotoStorage(values.from ? path.resolve(values.from) : uploadsFolder(config.dataDir))
const to = configuredPhotoStorage()
console.log(`Copying the photos in ${from.location} to ${to.location}`)
let lastShown = 0
const report = await copyPhotos(from, to, (progress) => {
  const done = progress.copied + progress.alreadyThere + progress.mismatched.length
  if (done - lastShown >= 1000) console.log(`  ${(lastShown = done).toLocaleString('en-US')} photos so far`)
})
console.log(`Copied and verified (size and SHA-256): ${report.copied}`)
console.log(`Already in the bucket with the same bytes: ${report.alreadyThere}`)
console.log(`Photos in the bucket from this folder: ${report.copied + report.alreadyThere} (${(report.bytes / 1024 ** 2).toFixed(1)} MB)`)
console.log(`Failed, the bucket holding or giving back other bytes under the name: ${report.mismatched.length}`)
for (const name of report.mismatched.slice(0, 20)) console.log(`  ${name}`)
process.exit(report.mismatched.length > 0 ? 1 : 0)
