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
