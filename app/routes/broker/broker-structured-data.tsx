import type { BrokerProfilePageData } from './page.server'
import { listingOffer } from '~/models/listings/listing-offer'
import { resizedImagePath } from '~/models/media/document-ids'
import { fixedRenditions } from '~/utils/image-renditions'
import { JsonLd, breadcrumbList } from '~/components/json-ld'

/**
 * JSON-LD for crawlers (architecture "Crawlers"): the broker as a RealEstateAgent, their
 * company as its parent organisation, the listings on the page as its offers, and the trail.
 */
export function BrokerStructuredData({ page, origin }: { page: BrokerProfilePageData; origin: string }) {
  const { broker } = page
  const absolute = (path: string) => new URL(path, origin).href
  const agent = {
    '@type': 'RealEstateAgent',
    '@id': `${absolute(page.canonicalPath)}#agent`,
    name: broker.name,
    url: absolute(page.canonicalPath),
    description: broker.description,
    ...(broker.portraitDocumentId !== null ? { image: absolute(resizedImagePath(broker.portraitDocumentId, fixedRenditions.brokerPortraitForCrawlers)) } : {}),
    ...(broker.logoDocumentId !== null ? { logo: absolute(resizedImagePath(broker.logoDocumentId, fixedRenditions.brokerLogo)) } : {}),
    ...(broker.phone ? { telephone: broker.phone } : {}),
    address: {
      '@type': 'PostalAddress',
      ...(broker.city ? { addressLocality: broker.city } : {}),
      ...(broker.stateAbbreviation ? { addressRegion: broker.stateAbbreviation } : {}),
      addressCountry: 'US',
    },
    ...(broker.companyName ? { parentOrganization: { '@type': 'Organization', name: broker.companyName } } : {}),
    ...(broker.websiteUrl ? { sameAs: [broker.websiteUrl] } : {}),
    // Each listing with a price, as the listing page offers it (a 'Contact for Price' listing has no valid Offer).
    makesOffer: page.listings.flatMap((listing) => {
      const offer = listingOffer(listing, absolute(listing.href))
      return offer ? [{ ...offer, name: listing.title }] : []
    }),
  }
  return <JsonLd graph={[agent, breadcrumbList(page.breadcrumbs, absolute)]} />
}
