/** Spec §9 timings of the popovers (spec §4), in milliseconds. */
const hourMs = 60 * 60 * 1000

export const popoverTiming = {
  fadeMs: 300,
  /** The saved-search popover is offered again 30 days after it was last shown. */
  savedSearchIntervalMs: 30 * 24 * hourMs,
  /** The lead nudge shows again 24 hours after it was last shown, and hides after 10 seconds. */
  leadNudgeIntervalMs: 24 * hourMs,
  leadNudgeHideAfterMs: 10_000,
  /**
   * Ours (the spec does not show when they first appear): the saved-search popover is offered to
   * someone who has looked at a search for 30 seconds, the lead nudge to someone who has read a
   * listing for 20; neither covers a page the moment it opens.
   */
  savedSearchAfterMs: 30_000,
  leadNudgeAfterMs: 20_000,
  /** The sellers' welcome hides after 5 seconds on a phone, 10 elsewhere. */
  sellerWelcomeHideAfterMs: { mobile: 5_000, other: 10_000 },
} as const

/** Spec §9's mobile cut (431 px): narrower screens are phones. */
export const mobileMediaQuery = '(max-width: 430px)'
