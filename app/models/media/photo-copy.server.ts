import { createHash } from 'node:crypto'
import pLimit from 'p-limit'
import type { PhotoStorage } from './photo-storage'

/**
 * Copies every photo of one storage into another and reads each back (`npm run photos:migrate`,
 * decision 0065): the folder of a single machine into the bucket its servers will share. A photo
 * already there with the same bytes is left as it is, so a run cut short is finished by running
 * it again; one that differs is never replaced, only counted.
 */

export interface PhotoCopyReport {
  /** Written by this run and read back whole. */
  copied: number
  /** Already held the same bytes (compared in full). */
  alreadyThere: number
  bytes: number
  /** Names the target holds with other bytes, or that read back wrong: the run failed for them. */
  mismatched: string[]
}

/** A bucket answers a few requests at once far faster than one at a time. */
const CONCURRENT_COPIES = 8
const MAX_LISTED_AHEAD = 256

const fingerprint = (body: Buffer) => `${body.byteLength}:${createHash('sha256').update(body).digest('hex')}`

export async function copyPhotos(from: PhotoStorage, to: PhotoStorage, onProgress: (report: PhotoCopyReport) => void = () => {}): Promise<PhotoCopyReport> {
  const report: PhotoCopyReport = { copied: 0, alreadyThere: 0, bytes: 0, mismatched: [] }
  const slots = pLimit(CONCURRENT_COPIES)

  async function copy(name: string) {
    const body = await from.get(name)
    // Deleted since it was listed.
    if (!body) return
    const outcome = await to.put(name, body)
    if (outcome === 'written') {
      // Verified by size and SHA-256 of what the target gives back, not by what it said it stored.
      const stored = await to.get(name)
      if (stored && fingerprint(stored) === fingerprint(body)) report.copied++
      else report.mismatched.push(name)
    } else if (outcome === 'already-there') report.alreadyThere++
    else report.mismatched.push(name)
    if (outcome !== 'taken') report.bytes += body.byteLength
    onProgress(report)
  }

  const copying = new Set<Promise<void>>()
  for await (const { name } of from.list()) {
    const task: Promise<void> = slots(() => copy(name)).finally(() => copying.delete(task))
    copying.add(task)
    // Listing runs ahead of copying by at most a few hundred names.
    while (copying.size >= MAX_LISTED_AHEAD) await Promise.race(copying)
  }
  await Promise.all(copying)
  return report
}
