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

/** How often a saved search e-mails its new listings; spec §3 default 'No Updates'. */
export const savedSearchNotifyOptions = ['No Updates', 'Daily', 'Weekly'] as const
export type SavedSearchNotify = (typeof savedSearchNotifyOptions)[number]
