/**
 * What a place's land market looks like to a buyer: its active listings within a site's scope
 * (spec §4: active is neither off market nor sold). Medians are of asking prices; they are
 * null when no listing there has a real price (spec §5: 2 and below are not prices).
 */
export interface MarketStats {
  listings: number
  /** Whole dollars. */
  medianPrice: number | null
  /** Whole dollars per acre, over the priced listings with a known acreage. */
  medianPricePerAcre: number | null
}

/** A link to a place's page, or a property type's search in a place, with its active listing count. */
export interface PlaceLink {
  name: string
  /** Null for a place without listings: its page is noindex, so it is named but not linked (decision 0062). */
  href: string | null
  listings: number
}

export interface PlaceLinkGroup {
  heading: string
  places: PlaceLink[]
}

/**
 * A place's market in figures and the way down from it (issue 7): the land site's landing
 * pages show it, and the rural sites show it on their plain state and county searches.
 */
export interface PlaceMarketSection {
  /** 'Texas', 'Travis County, TX', 'Central Texas', 'United States'. */
  placeName: string
  stats: MarketStats
  /** Each property type's listings in the place, linking to that type's search there. */
  inventory: PlaceLink[]
  /** Every listing of the place: its search page. */
  searchHref: string
  childGroups: PlaceLinkGroup[]
}
