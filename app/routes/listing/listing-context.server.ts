import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { auctionWithoutPrice, marketStatus, propertyType, saleType } from '~/models/listings/enumerations'
import { listingChecks } from '~/models/trust/listing-checks'
import type { ListingDetail } from '~/models/listings/listing-detail'
import { findListingFeedReasons } from '~/models/trust/listing-checks.server'
import { isActiveListing } from '~/models/listings/listing-rules'
import { arePriceContextsCurrent, findPriceContext } from '~/models/trust/price-context.server'
import { type NoVerdictReason, priceContextView } from '~/models/trust/price-context-view'
import { countyShape } from '~/models/places/geography.server'
import { type Gazetteer, findPlaceById, findStateById } from '~/models/places/gazetteer.server'
import { findSurroundings } from '~/models/places/surroundings.server'
import { isPointInShape } from '~/models/geo/shapes'
import { houseTypeKey, draftPropertyTypeOptions } from '~/models/sellers/listing-draft-fields'
import { parcelOf, valueInputs } from '~/models/valuation/valuation.server'
import { type ValuationInputs, valuationPath } from '~/models/valuation/valuation-path'
import { siteOrigin } from '~/sites/site-origin.server'
import { valueSite } from '~/sites/value'

/**
 * What a listing page says around the listing itself (issue 19 items 1, 3 and 4): its price
 * against comparable land with AcreWorth's estimate, the checks it passed, and the land around it.
 */

const waterfrontBits = propertyType.lakefront | propertyType.beachfront | propertyType.riverfront

/** The valuation page's inputs for the listing: its place, size, uses, house, features and point. */
function valuationInputsOf(gazetteer: Gazetteer, listing: ListingDetail): ValuationInputs | undefined {
  const state = findStateById(gazetteer, listing.stateId)
  const county = findPlaceById(gazetteer, 'county', listing.countyId)
  if (!state || !county || !(listing.acres > 0)) return undefined
  return {
    state: state.token,
    county: county.token,
    acres: listing.acres,
    propertyTypes: draftPropertyTypeOptions
      .filter((option) => option.key !== houseTypeKey && (listing.propertyTypes & option.bits) !== 0)
      .map((option) => option.key),
    house: listing.beds !== null && listing.baths !== null ? { beds: listing.beds, baths: listing.baths, squareFeet: listing.homeSqft } : null,
    features: [
      ...(listing.propertyTypes & waterfrontBits ? (['waterfront'] as const) : []),
      ...(listing.mineralRights ? (['mineral-rights'] as const) : []),
      ...(listing.ownerFinancing ? (['owner-financing'] as const) : []),
    ],
    point: { latitude: listing.latitude, longitude: listing.longitude },
  }
}

/** AcreWorth's estimate of the land for sale today, with the link to its full valuation; none for sold or off-market land. */
async function acreWorthEstimate(db: Kysely<Database>, request: Request, gazetteer: Gazetteer, listing: ListingDetail) {
  const inputs = isActiveListing(listing) ? valuationInputsOf(gazetteer, listing) : undefined
  if (!inputs) return null
  const outcome = await parcelOf(db, inputs)
  const valuation = outcome.ok ? await valueInputs(db, outcome.parcel) : undefined
  if (!valuation) return null
  return {
    value: valuation.value,
    low: valuation.low,
    high: valuation.high,
    confidence: valuation.confidence,
    href: `${siteOrigin(valueSite)}${valuationPath(inputs)}`,
  }
}

function noVerdictReason(listing: ListingDetail): NoVerdictReason | null {
  if (listing.status === marketStatus.sold) return null
  if (listing.saleType === saleType.auction) return 'auction'
  return listing.price > auctionWithoutPrice ? null : 'no-price'
}

/** What the page says around the listing (issue 19): its price in context, the checks it passed, the land around it. */
export type ListingContext = Awaited<ReturnType<typeof loadListingContext>>

export async function loadListingContext(db: Kysely<Database>, request: Request, gazetteer: Gazetteer, listing: ListingDetail) {
  const [stored, surroundings, feedReasons, estimate] = await Promise.all([
    findPriceContext(db, listing.id),
    findSurroundings(db, listing),
    listing.isFromPartnerFeed ? findListingFeedReasons(db, listing.id) : null,
    acreWorthEstimate(db, request, gazetteer, listing),
  ])
  const county = findPlaceById(gazetteer, 'county', listing.countyId)
  const region = county?.regionId == null ? undefined : findPlaceById(gazetteer, 'region', county.regionId)
  const names = {
    county: `${listing.countyName}, ${listing.stateAbbreviation}`,
    region: region ? region.name : null,
    state: findStateById(gazetteer, listing.stateId)?.name ?? listing.stateAbbreviation,
  }
  const noVerdict = noVerdictReason(listing)
  const shape = countyShape(listing.countyId)
  const checks = listingChecks({
    countyName: listing.countyName,
    isPointInCounty: shape !== undefined && isPointInShape(shape, listing),
    feedReasons,
    isSizeCheckedAgainstPrice: noVerdict === null && stored?.pricePerAcre != null,
    keeper: listing.broker && !listing.broker.isFree ? 'broker' : 'seller',
    updatedAt: listing.updatedAt,
    now: new Date(),
  })
  return {
    price: {
      /** Null when too few comparable listings lie in the listing's state. */
      view: stored ? priceContextView(stored, names, { noVerdict, isSold: listing.status === marketStatus.sold }) : null,
      /** No stored context because the listing changed after the last pass (the minute jobs work it out). */
      isPending: stored === undefined && !(await arePriceContextsCurrent(db)),
      estimate,
    },
    checks,
    surroundings,
  }
}
