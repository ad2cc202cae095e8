import type { ListingDetail } from './listing-detail'

/** The full-screen carousel's views (spec §3 "Carousel state", §4 "Carousel"). */
export type CarouselView = 'gallery' | 'video' | 'tour' | 'property-map' | 'local-map'

export type ListingMapKind = 'property' | 'local'

export const carouselViewLabels: Record<CarouselView, string> = {
  gallery: 'Photos',
  video: 'Video',
  tour: 'Virtual tour',
  'property-map': 'Property map',
  'local-map': 'Local map',
}

/** The listing's static map image (app/routes/listing-map.ts). */
export function listingMapPath(listingId: number, kind: ListingMapKind) {
  return `/listing-map/${listingId}/${kind}.svg`
}

/** A listing's printable flyer (spec §2 /flyer/{propertyId}). */
export function listingFlyerPath(listingId: number) {
  return `/flyer/${listingId}`
}

/**
 * The player address of a YouTube or Vimeo video (spec §3 video hosts), or undefined for any
 * other address: those only get a link. YouTube plays from its no-cookie domain.
 */
export function videoEmbedUrl(videoUrl: string): string | undefined {
  let url: URL
  try {
    url = new URL(videoUrl)
  } catch {
    return undefined
  }
  const host = url.hostname.replace(/^(www|m)\./, '')
  const youtubeId = host === 'youtu.be' ? url.pathname.slice(1) : host === 'youtube.com' ? url.searchParams.get('v') : null
  if (youtubeId && /^[\w-]{6,20}$/.test(youtubeId)) return `https://www.youtube-nocookie.com/embed/${youtubeId}`
  const vimeoId = host === 'vimeo.com' ? url.pathname.match(/^\/(\d+)/)?.[1] : undefined
  return vimeoId ? `https://player.vimeo.com/video/${vimeoId}` : undefined
}

/** The views a listing has, in tab order: photos when it has any, its video and tour, and always the two maps. */
export function carouselViews(listing: Pick<ListingDetail, 'imageIds' | 'videoUrl' | 'virtualTourUrl'>): CarouselView[] {
  return [
    ...(listing.imageIds.length > 0 ? (['gallery'] as const) : []),
    ...(listing.videoUrl ? (['video'] as const) : []),
    ...(listing.virtualTourUrl ? (['tour'] as const) : []),
    'property-map',
    'local-map',
  ]
}
