import { beforeEach, describe, expect, test, vi } from 'vitest'
import { popoverTiming } from '~/components/popover-timing'
import { isPopoverDue, memoryKeys, recentSearches, recordPopoverShown, rememberSearch } from '~/browser/browser-memory'

/** Spec §4: popovers' last showings and recent searches kept in the browser's storage (a Map stands in for localStorage). */
beforeEach(() => {
  const stored = new Map<string, string>()
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
  })
})

const hourMs = 60 * 60 * 1000
const shownAt = Date.parse('2031-06-01T09:00:00Z')

describe('popovers (spec §4 and §9)', () => {
  test('the lead nudge shows again 24 hours after it was last shown, not sooner', () => {
    const { leadNudgePopover } = memoryKeys
    expect(isPopoverDue(leadNudgePopover, popoverTiming.leadNudgeIntervalMs, shownAt)).toBe(true)
    recordPopoverShown(leadNudgePopover, shownAt)
    expect(isPopoverDue(leadNudgePopover, popoverTiming.leadNudgeIntervalMs, shownAt + 23 * hourMs)).toBe(false)
    expect(isPopoverDue(leadNudgePopover, popoverTiming.leadNudgeIntervalMs, shownAt + 24 * hourMs)).toBe(true)
  })

  test('the saved-search popover shows again 30 days after it was last shown; each is timed apart', () => {
    recordPopoverShown(memoryKeys.savedSearchPopover, shownAt)
    expect(isPopoverDue(memoryKeys.savedSearchPopover, popoverTiming.savedSearchIntervalMs, shownAt + 29 * 24 * hourMs)).toBe(false)
    expect(isPopoverDue(memoryKeys.savedSearchPopover, popoverTiming.savedSearchIntervalMs, shownAt + 30 * 24 * hourMs)).toBe(true)
    expect(isPopoverDue(memoryKeys.leadNudgePopover, popoverTiming.leadNudgeIntervalMs, shownAt + hourMs)).toBe(true)
  })

  test('the spec §9 times: a 300 ms fade, the lead nudge hidden after 10 s, the welcome after 5 s on a phone and 10 s elsewhere', () => {
    expect(popoverTiming.fadeMs).toBe(300)
    expect(popoverTiming.leadNudgeHideAfterMs).toBe(10_000)
    expect(popoverTiming.sellerWelcomeHideAfterMs).toEqual({ mobile: 5_000, other: 10_000 })
  })
})

test('recent searches: the newest first, each once, the last five', () => {
  for (const place of ['Texas', 'Maine', 'Ohio', 'Utah', 'Iowa', 'Texas', 'Idaho'])
    rememberSearch({ label: place, href: `/search/${place.toLowerCase()}-land-for-sale/` })
  expect(recentSearches().map((search) => search.label)).toEqual(['Idaho', 'Texas', 'Iowa', 'Utah', 'Ohio'])
})

test('a browser that refuses storage forgets, and every popover is due', () => {
  vi.stubGlobal('localStorage', {
    getItem: () => {
      throw new Error('SecurityError')
    },
    setItem: () => {
      throw new Error('QuotaExceededError')
    },
  })
  rememberSearch({ label: 'Texas', href: '/search/texas-land-for-sale/' })
  recordPopoverShown(memoryKeys.leadNudgePopover, shownAt)
  expect(recentSearches()).toEqual([])
  expect(isPopoverDue(memoryKeys.leadNudgePopover, popoverTiming.leadNudgeIntervalMs, shownAt)).toBe(true)
})
