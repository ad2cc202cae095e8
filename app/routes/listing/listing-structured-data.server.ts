import { resizedImagePath } from '~/models/media/document-ids'
import { fixedRenditions } from '~/utils/image-renditions'
import { listingOffer } from '~/models/listings/listing-offer'
import type { Breadcrumb } from '~/components/breadcrumbs'
import type { ListingDetail } from '~/models/listings/listing-detail'

/** The player URL of a video on the hosts of spec §3 (YouTube, Vimeo); undefined for any other address. */
function videoEmbedUrl(videoUrl: string) {
  const youtube = videoUrl.match(/(?:youtube\.com\/watch\?v=|youtu\.be\/)([\w-]+)/)
  if (youtube) return `https://www.youtube.com/embed/${youtube[1]}`
  const vimeo = videoUrl.match(/vimeo\.com\/(\d+)/)
  return vimeo ? `https://player.vimeo.com/video/${vimeo[1]}` : undefined
}

/**
 * JSON-LD for crawlers (spec §3 "Property detail data": listing, offer, place and geo, breadcrumb
 * and video schemas) as one graph: the RealEstateListing page offers the land and is about the Place.
 * Built by the loader, so the browser runs none of it (the page draws it with `JsonLd`).
 */
export function listingStructuredData(page: { listing: ListingDetail; canonicalPath: string; breadcrumbs: Breadcrumb[] }, origin: string): object[] {
  const { listing } = page
  const absolute = (path: string) => new URL(path, origin).href
  const url = absolute(page.canonicalPath)
  const photoUrls = listing.imageIds.slice(0, 5).map((id) => absolute(resizedImagePath(id, fixedRenditions.listingForCrawlers)))
  const offer = listingOffer(listing, url)
  const place = {
    '@type': 'Place',
    '@id': `${url}#place`,
    name: `${listing.countyName}, ${listing.stateAbbreviation}`,
    geo: { '@type': 'GeoCoordinates', latitude: listing.latitude, longitude: listing.longitude },
    address: {
      '@type': 'PostalAddress',
      ...(listing.address1 ? { streetAddress: listing.address1 } : {}),
      ...(listing.cityName ? { addressLocality: listing.cityName } : {}),
      addressRegion: listing.stateAbbreviation,
      ...(listing.zip ? { postalCode: listing.zip } : {}),
      addressCountry: 'US',
    },
  }
  const breadcrumbs = {
    '@type': 'BreadcrumbList',
    '@id': `${url}#breadcrumbs`,
    itemListElement: page.breadcrumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: absolute(crumb.href) })),
  }
  // A VideoObject needs a thumbnail and a player: the video's file is the host's (no contentUrl)
  // and its length is not known here (no duration), both optional where embedUrl is given.
  const embedUrl = listing.videoUrl ? videoEmbedUrl(listing.videoUrl) : undefined
  const video =
    embedUrl && photoUrls.length > 0
      ? {
          '@type': 'VideoObject',
          '@id': `${url}#video`,
          name: `Video of ${listing.title}`,
          description: listing.descriptionExcerpt,
          thumbnailUrl: photoUrls.slice(0, 1),
          uploadDate: listing.createdAt,
          embedUrl,
        }
      : null
  return [
    {
      '@type': 'RealEstateListing',
      '@id': `${url}#listing`,
      url,
      name: listing.title,
      description: listing.descriptionExcerpt,
      datePosted: listing.createdAt,
      dateModified: listing.updatedAt,
      image: photoUrls,
      ...(offer ? { offers: offer } : {}),
      contentLocation: { '@id': place['@id'] },
      breadcrumb: { '@id': breadcrumbs['@id'] },
      ...(video ? { video: { '@id': video['@id'] } } : {}),
    },
    place,
    breadcrumbs,
    ...(video ? [video] : []),
  ]
}
