/**
 * What the browser remembers between visits, in localStorage (spec §4: recent searches and like
 * state are kept in browser storage; a popover's last showing is recorded with its date). A
 * browser that refuses storage (private modes, full quotas) simply forgets.
 */
export const memoryKeys = {
  recentSearches: 'recent-searches',
  visitorLikes: 'visitor-likes',
  savedSearchPopover: 'saved-search-popover-shown-at',
  leadNudgePopover: 'lead-nudge-popover-shown-at',
} as const

type MemoryKey = (typeof memoryKeys)[keyof typeof memoryKeys]

export function recall<Value>(key: MemoryKey): Value | undefined {
  try {
    const stored = localStorage.getItem(key)
    return stored === null ? undefined : (JSON.parse(stored) as Value)
  } catch {
    return undefined
  }
}

export function remember(key: MemoryKey, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value))
  } catch {
    // Storage refused: the browser forgets, as it would after clearing its data.
  }
}

/** Whether the popover recorded under `key` was never shown, or last shown at least `intervalMs` ago. */
export function isPopoverDue(key: MemoryKey, intervalMs: number, now = Date.now()) {
  const shownAt = Date.parse(recall<string>(key) ?? '')
  return Number.isNaN(shownAt) || now - shownAt >= intervalMs
}

/** Records that the popover was shown now, with the date (spec §4). */
export function recordPopoverShown(key: MemoryKey, now = Date.now()) {
  remember(key, new Date(now).toISOString())
}

/** A search the visitor ran, as the location box offers it again. */
export interface RecentSearch {
  label: string
  href: string
}

const recentSearchesKept = 5

export function recentSearches(): RecentSearch[] {
  const stored = recall<RecentSearch[]>(memoryKeys.recentSearches)
  return Array.isArray(stored) ? stored.filter((search) => typeof search?.label === 'string' && typeof search.href === 'string' && search.href.startsWith('/')) : []
}

/** Keeps a search first among the recent ones (once, however often it is run). */
export function rememberSearch(search: RecentSearch) {
  const others = recentSearches().filter((recent) => recent.href !== search.href)
  remember(memoryKeys.recentSearches, [search, ...others].slice(0, recentSearchesKept))
}
