import { maxListingPhotos } from './listing-draft'

/**
 * What a seller's photo upload takes (issue 15 §3), and the sentences that tell the seller what was
 * not added and why. Pure module: the upload control shows the limits the server applies, and the
 * photos step shows the outcome.
 */

export const photoFieldName = 'photos'
/** The types a file chooser offers; the server decides by content, not by these. */
export const photoFileTypes = 'image/jpeg,image/png,image/webp,image/heic,image/heif'
/** A phone's largest photo (a 48 MP original) is about 25 MB; 30 MB leaves room. */
export const maxPhotoBytes = 30 * 1024 ** 2
/** About 30 ordinary phone photos in one form post without scripts; with them, each photo is its own request. */
export const maxUploadRequestBytes = 256 * 1024 ** 2
/** Left-out photos named in one message; the rest are counted. */
const MAX_NAMES_LISTED = 5

/** A sentence for the seller; `fileName` is there when it is about one file. */
export interface UploadFailure {
  fileName?: string
  message: string
}

/** The request was cut short: not a whole multipart body (a dropped connection), or past the size limit. */
export type PhotoUploadProblem = 'malformed' | 'too-large'

/** What the photos step shows once after an upload without scripts. */
export interface PhotoUploadOutcome {
  storedCount: number
  failures: UploadFailure[]
}

const listFormat = new Intl.ListFormat('en-US', { type: 'conjunction' })

export const formatMegabytes = (bytes: number) => `${Number((bytes / 1024 ** 2).toFixed(1))} MB`

/** A file's name in quotes, shortened in the middle when long so its extension still shows. */
export function quotedFileName(fileName: string) {
  const characters = [...fileName]
  return `“${characters.length > 60 ? `${characters.slice(0, 40).join('')}…${characters.slice(-15).join('')}` : fileName}”`
}

export const photoTooLargeMessage = (fileName: string, maxBytes: number) => `${quotedFileName(fileName)} is larger than ${formatMegabytes(maxBytes)}.`

export const photoAlreadyAddedMessage = (fileName: string) => `${quotedFileName(fileName)} is already one of this listing's photos.`

export const noPhotoChosenMessage = 'Choose one or more photos to upload.'

/** 'Only 2 more photos fit: “x.jpg” and “y.jpg” were not added.' */
export function photosLeftOutMessage(slotsLeft: number, fileNames: readonly string[]) {
  const names = fileNames.slice(0, fileNames.length > MAX_NAMES_LISTED ? MAX_NAMES_LISTED - 1 : MAX_NAMES_LISTED).map(quotedFileName)
  if (names.length < fileNames.length) names.push(`${fileNames.length - names.length} more`)
  const notAdded = `${listFormat.format(names)} ${fileNames.length === 1 ? 'was' : 'were'} not added.`
  if (slotsLeft <= 0) return `A listing has at most ${maxListingPhotos} photos: ${notAdded}`
  return `Only ${slotsLeft} more ${slotsLeft === 1 ? 'photo fits' : 'photos fit'}: ${notAdded}`
}

/** Why an upload stopped part way, naming the file it stopped in when there was one. */
export function uploadCutShortMessage(problem: PhotoUploadProblem, fileName: string | undefined, maxRequestBytes: number) {
  if (problem === 'malformed') {
    return fileName ? `${quotedFileName(fileName)} did not arrive whole: upload it again.` : 'The upload could not be read: choose the photos and upload them again.'
  }
  const notAdded = fileName ? `${quotedFileName(fileName)} and the photos after it were not added` : 'No photo was added'
  return `${notAdded}: one upload may be at most ${formatMegabytes(maxRequestBytes)}, so choose fewer photos at a time.`
}
