import { auctionWithoutPrice, marketStatus, saleType } from './enumerations'

const availability: Record<number, string> = {
  [marketStatus.available]: 'https://schema.org/InStock',
  [marketStatus.underContract]: 'https://schema.org/LimitedAvailability',
  [marketStatus.offMarket]: 'https://schema.org/Discontinued',
  [marketStatus.sold]: 'https://schema.org/SoldOut',
}

/**
 * A listing as a schema.org Offer for JSON-LD (the listing page's offer, a broker page's
 * makesOffer): its price in dollars and its availability. A listing without a price ('Contact for
 * Price', an auction without a starting price, spec §5 price display) has no valid Offer: none.
 */
export function listingOffer(listing: { price: number; status: number; saleType: number }, url: string) {
  if (listing.price <= auctionWithoutPrice) return undefined
  return {
    '@type': 'Offer',
    url,
    price: listing.price,
    priceCurrency: 'USD',
    availability: availability[listing.status],
    ...(listing.saleType === saleType.auction ? { description: 'Sold at auction' } : {}),
  }
}
