import type { Kysely } from 'kysely'
import pLimit from 'p-limit'
import type { Database } from '~/models/db/db-schema'
import { readMultipartFiles } from '~/utils/multipart-files.server'
import type { PhotoStorage } from '~/models/media/photo-storage'
import { maxPhotoPixels, maxPhotoSide, storePhoto, type StorePhotoResult } from '~/models/media/photo-store.server'
import { maxListingPhotos } from './listing-draft'
import { addDraftPhotos, type ListingDraft } from './listing-drafts.server'
import {
  maxPhotoBytes,
  maxUploadRequestBytes,
  noPhotoChosenMessage,
  type PhotoUploadProblem,
  photoAlreadyAddedMessage,
  photoFieldName,
  photosLeftOutMessage,
  photoTooLargeMessage,
  quotedFileName,
  type UploadFailure,
  uploadCutShortMessage,
} from './photo-upload-rules'

/**
 * A seller's photo upload (issue 15 §3): a multipart/form-data request whose `photos` field holds
 * one or more files, read as it streams in. A file is held only until the photo store has it, and
 * the request is read no faster than photos are stored, so memory stays a few photos deep
 * whatever the request's size.
 */

const MAX_FIELDS = 10
/** A form post of photos has no other field worth more than this. */
const MAX_FIELD_BYTES = 1024
/** A listing's photos chosen twice over; past this nothing more is read. */
const MAX_PARTS = maxListingPhotos * 2 + MAX_FIELDS
/** The machine has 2 cores; more photos decoded at once would only queue inside libvips, holding their bytes. */
const MAX_CONCURRENT_PHOTOS = 2

export interface StoredUpload {
  documentId: number
  fileName: string
}

export interface PhotoUploadResult {
  /** In the order the files were sent; photos that arrived whole before a problem are kept. */
  stored: StoredUpload[]
  failures: UploadFailure[]
  problem?: PhotoUploadProblem
}

export interface ReceivePhotoUploadsOptions {
  /** Where the photos go: the configured storage (photo-store.server.ts), a test's folder. */
  photoStorage: PhotoStorage
  /** How many more photos the listing takes; files past them are read over and named. */
  remainingSlots: number
  maxPhotoBytes?: number
  maxRequestBytes?: number
}

type FileOutcome = { fileName: string } & ({ ok: true; documentId: number } | { ok: false; message: string })

/** Shared by every upload in the process, so side-by-side requests do not multiply the decoding. */
const photoSlots = pLimit(MAX_CONCURRENT_PHOTOS)

function refusalMessage(fileName: string, refusal: Extract<StorePhotoResult, { ok: false }>) {
  const name = quotedFileName(fileName)
  switch (refusal.reason) {
    case 'not-an-image':
      return `${name} is not a photo: upload JPEG, PNG, WebP or HEIC files.`
    case 'unreadable':
      return `${name} could not be read: export it as JPEG and upload it again.`
    case 'too-large':
      return `${name} is too large: a photo may be at most ${maxPhotoSide.toLocaleString('en-US')} pixels on its longest side and ${maxPhotoPixels / 1_000_000} megapixels in all.`
  }
}

/**
 * Reads a seller's upload and stores each photo through the photo store, two at a time, up to
 * `remainingSlots`. Never throws for what the request holds; only a failing store throws.
 */
export async function receivePhotoUploads(request: Request, options: ReceivePhotoUploadsOptions): Promise<PhotoUploadResult> {
  const { photoStorage, remainingSlots, maxPhotoBytes: photoLimit = maxPhotoBytes, maxRequestBytes = maxUploadRequestBytes } = options
  const refuseRequest = (problem: PhotoUploadProblem): PhotoUploadResult => ({
    stored: [],
    failures: [{ message: uploadCutShortMessage(problem, undefined, maxRequestBytes) }],
    problem,
  })
  if (Number(request.headers.get('content-length')) > maxRequestBytes) return refuseRequest('too-large')
  const upload = readMultipartFiles(request, {
    maxFileBytes: photoLimit,
    maxRequestBytes,
    maxParts: MAX_PARTS,
    maxFields: MAX_FIELDS,
    maxFieldBytes: MAX_FIELD_BYTES,
  })
  if (!upload) return refuseRequest('malformed')

  const outcomes: (FileOutcome | undefined)[] = []
  const storing = new Set<Promise<void>>()
  const leftOut: string[] = []
  let cutFileName: string | undefined
  let storeError: unknown
  const storedCount = () => outcomes.filter((outcome) => outcome?.ok).length

  function store(fileName: string, image: Buffer) {
    const index = outcomes.push(undefined) - 1
    const task = photoSlots(() => storePhoto(image, photoStorage))
      .then((result) => {
        outcomes[index] = result.ok ? { fileName, ok: true, documentId: result.documentId } : { fileName, ok: false, message: refusalMessage(fileName, result) }
      })
      .catch((error: unknown) => {
        storeError ??= error
      })
      .finally(() => storing.delete(task))
    storing.add(task)
  }

  try {
    for await (const file of upload.files) {
      // A file input left empty still sends a part, with no name.
      if (file.fieldName !== photoFieldName || !file.fileName) {
        file.skip()
        continue
      }
      // A photo still being stored may be refused and free its slot: wait before leaving one out.
      if (storedCount() + storing.size >= remainingSlots) await Promise.all(storing)
      if (storedCount() >= remainingSlots) {
        leftOut.push(file.fileName)
        file.skip()
        continue
      }
      // Not reading the next file until a store is free holds the request back, down to the socket.
      while (storing.size >= MAX_CONCURRENT_PHOTOS) await Promise.race(storing)
      const image = await file.read()
      if (image === 'incomplete') cutFileName = file.fileName
      else if (image === 'too-large') outcomes.push({ fileName: file.fileName, ok: false, message: photoTooLargeMessage(file.fileName, photoLimit) })
      else store(file.fileName, image)
    }
  } catch (error) {
    if (!(await upload.ended).problem) throw error
  }
  const { problem, isPastPartsLimit } = await upload.ended
  await Promise.all(storing)
  if (storeError !== undefined) throw storeError

  const result: PhotoUploadResult = { stored: [], failures: [] }
  for (const outcome of outcomes) {
    if (outcome?.ok) result.stored.push({ documentId: outcome.documentId, fileName: outcome.fileName })
    else if (outcome) result.failures.push({ fileName: outcome.fileName, message: outcome.message })
  }
  if (leftOut.length > 0) result.failures.push({ message: photosLeftOutMessage(remainingSlots, leftOut) })
  if (isPastPartsLimit) result.failures.push({ message: `Only the first ${MAX_PARTS} files of an upload are read: choose fewer photos at a time.` })
  if (problem) {
    result.problem = problem
    result.failures.push({ ...(cutFileName && { fileName: cutFileName }), message: uploadCutShortMessage(problem, cutFileName, maxRequestBytes) })
  } else if (outcomes.length === 0 && leftOut.length === 0) {
    result.failures.push({ message: noPhotoChosenMessage })
  }
  return result
}

/**
 * Adds what an upload stored to the draft, after its other photos. A photo the draft already
 * has, or one that no longer fits because another upload filled the listing meanwhile, becomes a
 * failure like the others; what is answered as stored is what the draft now shows.
 */
export async function addUploadsToDraft(db: Kysely<Database>, draft: ListingDraft, upload: PhotoUploadResult): Promise<Omit<PhotoUploadResult, 'problem'>> {
  const failures = [...upload.failures]
  const photoIds = new Set(draft.data.photos?.map((photo) => photo.documentId))
  const fresh: StoredUpload[] = []
  for (const stored of upload.stored) {
    if (photoIds.has(stored.documentId)) failures.push({ fileName: stored.fileName, message: photoAlreadyAddedMessage(stored.fileName) })
    else fresh.push(stored)
    photoIds.add(stored.documentId)
  }
  const { leftOut } = await addDraftPhotos(
    db,
    draft,
    fresh.map((stored) => stored.documentId),
  )
  const notAdded = fresh.filter((stored) => leftOut.includes(stored.documentId)).map((stored) => stored.fileName)
  if (notAdded.length > 0) failures.push({ message: photosLeftOutMessage(0, notAdded) })
  return { stored: fresh.filter((stored) => !leftOut.includes(stored.documentId)), failures }
}
