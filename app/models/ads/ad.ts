/** An ad as its slot shows it (issue 17 §8): text, a picture, and who pays for it. */
export interface AdView {
  id: number
  /** A broker's ad leads to the broker's contact form, a finance center's to the lender's. */
  kind: 'broker' | 'finance'
  headline: string
  body: string
  callToAction: string
  /** The broker's or the lender's name, shown in the ad. */
  advertiser: string
  imageDocumentId: number | null
}

/**
 * Spec §9 "Ad lazy-load fetch margin 500%, render margin 200%, mobile scaling 2": the slot's
 * picture is fetched once the slot is within five viewports and drawn within two (twice as far
 * on a phone), as percentages of the viewport for an IntersectionObserver's rootMargin.
 */
export const adLazyLoad = { fetchMarginPercent: 500, renderMarginPercent: 200, mobileScaling: 2 } as const

/** Spec §9 "mobile cut 431": narrower viewports are phones, where the margins scale. */
export const mobileViewportQuery = '(max-width: 430px)'

/**
 * An impression: at least half of the slot in view for a whole second, the industry's (MRC)
 * viewable display impression; an ad scrolled past, or below the fold, is not counted.
 */
export const adImpression = { visibleShare: 0.5, milliseconds: 1_000 } as const
