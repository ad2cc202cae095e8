import { resizedImagePath } from '~/models/media/document-ids'
import { auctionWithoutPrice, marketStatus, saleType } from '~/models/listings/enumerations'
import type { ListingPageData } from './listing.types'

const availability: Record<number, string> = {
  [marketStatus.available]: 'https://schema.org/InStock',
  [marketStatus.underContract]: 'https://schema.org/LimitedAvailability',
  [marketStatus.offMarket]: 'https://schema.org/Discontinued',
  [marketStatus.sold]: 'https://schema.org/SoldOut',
}

/** A player URL for the video hosts of spec §3 (YouTube, Vimeo); other URLs stay as they are. */
function videoEmbedUrl(videoUrl: string) {
  const youtube = videoUrl.match(/(?:youtube\.com\/watch\?v=|youtu\.be\/)([\w-]+)/)
  if (youtube) return `https://www.youtube.com/embed/${youtube[1]}`
  const vimeo = videoUrl.match(/vimeo\.com\/(\d+)/)
  return vimeo ? `https://player.vimeo.com/video/${vimeo[1]}` : videoUrl
}

/**
 * JSON-LD for crawlers (spec §3 "Property detail data": listing, offer, place and geo, breadcrumb
 * and video schemas) as one graph: the RealEstateListing page offers the land and is about the Place.
 * Built by the loader, so the browser runs none of it (the page draws it with `JsonLd`).
 */
export function listingStructuredData(page: Omit<ListingPageData, 'structuredData'>, origin: string): object[] {
  const { listing } = page
  const absolute = (path: string) => new URL(path, origin).href
  const url = absolute(page.canonicalPath)
  const photoUrls = listing.imageIds.slice(0, 5).map((id) => absolute(resizedImagePath(id, { width: 1200, height: 800 })))
  const isAuction = listing.saleType === saleType.auction || listing.price === auctionWithoutPrice
  const offer = {
    '@type': 'Offer',
    url,
    availability: availability[listing.status],
    ...(listing.price > auctionWithoutPrice ? { price: listing.price, priceCurrency: 'USD' } : {}),
    ...(isAuction ? { description: 'Sold at auction' } : {}),
  }
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
  const video = listing.videoUrl
    ? {
        '@type': 'VideoObject',
        '@id': `${url}#video`,
        name: `Video of ${listing.title}`,
        description: listing.descriptionExcerpt,
        thumbnailUrl: photoUrls.slice(0, 1),
        uploadDate: listing.createdAt,
        embedUrl: videoEmbedUrl(listing.videoUrl),
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
      offers: offer,
      contentLocation: { '@id': place['@id'] },
      breadcrumb: { '@id': breadcrumbs['@id'] },
      ...(video ? { video: { '@id': video['@id'] } } : {}),
    },
    place,
    breadcrumbs,
    ...(video ? [video] : []),
  ]
}
