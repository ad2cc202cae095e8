import { resizedImagePath } from '~/models/media/document-ids'
import { fixedRenditions } from '~/utils/image-renditions'
import { listingFlyerPath, listingMapPath } from './listing-media'

/**
 * What the service worker keeps of a favourited listing for reading offline (issue 20 item 3,
 * decision 0034): its page, its flyer (with the broker's phone, as the page has it), its first
 * photos and both static maps.
 */
export interface OfflineListing {
  id: number
  title: string
  pagePath: string
  /** Every address to keep, the page's first. */
  paths: string[]
}

/** The photos the top of the page shows (the large one and the two beside it on a wide screen). */
export const offlinePhotoCount = 3

/**
 * A photo as the page's gallery asks for it: the 900-wide WebP of its srcset (the size a phone at
 * 2× and a laptop pick). Other sizes of the same photo (the flyer's) are answered with this one
 * offline (app/document/offline-copy.ts), so one copy of each photo is enough. With Low
 * data (decision 0033), the 600-wide one at low quality, the smallest a Low data page shows.
 */
export function offlinePhotoPath(documentId: number, isLowData = false) {
  return isLowData ? resizedImagePath(documentId, fixedRenditions.offlinePhotoLowData) : resizedImagePath(documentId, fixedRenditions.offlinePhoto)
}

/**
 * What to keep of a listing. With Low data on (the footer's cookie or Save-Data, decision 0033) a
 * copy keeps the page, flyer and maps (text and a few KB of SVG) but only its first photo, small:
 * the picture that says which land it is, a sixth of the photo bytes or less.
 */
export function offlineListing(
  listing: { id: number; title: string; imageIds: readonly number[] },
  pagePath: string,
  { isLowData }: { isLowData: boolean },
): OfflineListing {
  const photoIds = listing.imageIds.slice(0, isLowData ? 1 : offlinePhotoCount)
  return {
    id: listing.id,
    title: listing.title,
    pagePath,
    paths: [
      pagePath,
      listingFlyerPath(listing.id),
      ...photoIds.map((photoId) => offlinePhotoPath(photoId, isLowData)),
      listingMapPath(listing.id, 'property'),
      listingMapPath(listing.id, 'local'),
    ],
  }
}
