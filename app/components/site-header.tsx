import { useMatches } from 'react-router'
import { type RefObject, useEffect, useRef } from 'react'
import type { SiteProfile } from '~/models/sites/site-profile'
import { HeaderMenu, type SiteMenuProps } from './site-menu'

/**
 * What a route's `handle` may tell the header. Spec §2: home and diamond-listing detail pages
 * have a transparent header until hovered; whether a page is one is known from its data.
 */
export interface SiteHeaderHandle {
  hasTransparentHeader?: (data: unknown) => boolean
}

/**
 * Spec §2: 'Finance' shows when the page's location has a finance center on this site. A page
 * with a location (a listing, a search, a landing) puts its lender's `financeHref` in its data,
 * null when there is none; every other page gets the site's default lender from the root.
 */
export function useFinanceHref(): string | undefined {
  const matches = useMatches()
  for (let index = matches.length - 1; index >= 0; index--) {
    const data = matches[index]!.data as { financeHref?: string | null; page?: { financeHref?: string | null } } | null | undefined
    // The catch-all route wraps its page (listing, landing or search) in `page`.
    const found = data?.financeHref !== undefined ? data.financeHref : data?.page?.financeHref
    if (found !== undefined) return found ?? undefined
  }
  return undefined
}

export function useTransparentHeader() {
  return useMatches().some((match) => (match.handle as SiteHeaderHandle | undefined)?.hasTransparentHeader?.(match.data) === true)
}

/**
 * With scripts, open menus close when the page changes, on Escape (focus returns to the menu's
 * button) and on a click outside them; without scripts they stay open until toggled.
 */
function useMenuDismissal(header: RefObject<HTMLElement | null>, currentPath: string) {
  const shownPath = useRef(currentPath)
  useEffect(() => {
    if (shownPath.current === currentPath) return
    shownPath.current = currentPath
    for (const menu of openMenusIn(header.current)) menu.open = false
  })
  useEffect(() => {
    function dismiss(event: MouseEvent | KeyboardEvent) {
      const isEscape = event instanceof KeyboardEvent
      if (isEscape && event.key !== 'Escape') return
      const focused = document.activeElement
      for (const menu of openMenusIn(header.current)) {
        if (!isEscape && menu.contains(event.target as Node)) continue
        menu.open = false
        if (isEscape && menu.contains(focused)) menu.querySelector('summary')?.focus()
      }
    }
    document.addEventListener('click', dismiss)
    document.addEventListener('keydown', dismiss)
    return () => {
      document.removeEventListener('click', dismiss)
      document.removeEventListener('keydown', dismiss)
    }
  }, [header])
}

/** The menus (`details` elements) open in the header. */
function openMenusIn(header: HTMLElement | null) {
  return header?.querySelectorAll<HTMLDetailsElement>('details[open]') ?? []
}

export interface SiteHeaderProps extends Omit<SiteMenuProps, 'menu'> {
  site: SiteProfile
  /** Absent when the root data failed to load (an error page): then only the wordmark shows. */
  menu?: SiteMenuProps['menu']
  isTransparent: boolean
}

export function SiteHeader({ site, menu, isTransparent, ...menuProps }: SiteHeaderProps) {
  const header = useRef<HTMLElement>(null)
  useMenuDismissal(header, menuProps.currentPath)
  const [first, second] = site.wordmark
  // Over the photo the header floats on a dark fade (`.header-over-photo`, app/tailwind.css).
  const position = isTransparent ? 'header-over-photo' : 'bg-brand relative z-30'
  return (
    // Spec §2 and §9: the full menu from the site's menu screen up, the mobile menu below it (the `full-menu:` and `drawer:` variants).
    // Painted whole (app/tailwind.css, decision 0061): on a slow link half a right-aligned menu would move as the rest came.
    <header ref={header} className={`${position} text-brand-contrast print:hidden`} data-full-menu={site.fullMenuScreen} data-paint-whole="">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-surface focus:p-2 focus:text-ink">
        Skip to content
      </a>
      <div className="relative mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 px-4 py-3">
        <a href="/" className="shrink-0 text-2xl tracking-tight">
          <span className="font-bold">{first}</span>
          <span className="font-light">{second}</span>
          <span className="sr-only"> home</span>
        </a>
        {menu ? <HeaderMenu menu={menu} {...menuProps} /> : null}
      </div>
      <span data-paint-whole-end="" hidden />
    </header>
  )
}
