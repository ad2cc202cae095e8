/** Spec §3 "Saved search" as the Saved Searches page shows it. */
export interface SavedSearch {
  id: number
  name: string
  description: string
  notify: SavedSearchNotify
  path: string
  isActive: boolean
  createdAt: string
}

/**
 * How often a saved search e-mails its new listings; spec §3 default 'No Updates'. The spec names
 * only the field and its default ("notify (default 'No Updates')"); 'Instant' is beyond the spec
 * (issue 38 item 4, decision 0071): new, cheaper and back-on-market matches within minutes.
 */
export const savedSearchNotifyOptions = ['No Updates', 'Instant', 'Daily', 'Weekly'] as const
export type SavedSearchNotify = (typeof savedSearchNotifyOptions)[number]
