import { type SyntheticEvent, useEffect } from 'react'
import { MenuItems, type SiteMenuProps } from './site-menu'

/** Spec §2: opening the menu scrolls to the top and locks the page's scrolling; closing releases it. */
function lockScrollWhileOpen(event: SyntheticEvent<HTMLDetailsElement>) {
  // React passes the sections' toggles up to here too; only the menu itself counts.
  if (event.target !== event.currentTarget) return
  const isOpen = event.currentTarget.open
  if (isOpen) window.scrollTo(0, 0)
  document.body.style.overflow = isOpen ? 'hidden' : ''
}

/**
 * The menu of narrow screens: a <details>, so it opens without JavaScript; the header closes it
 * on navigation. `className` hides it from the site's full-menu screen up.
 */
export function MobileMenu({ className, ...props }: SiteMenuProps & { className: string }) {
  useEffect(() => () => void (document.body.style.overflow = ''), [])
  return (
    <details className={className} onToggle={lockScrollWhileOpen}>
      <summary className="cursor-pointer list-none px-3 py-2 font-semibold [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true">☰ </span>Menu
      </summary>
      <nav aria-label="Main" className="absolute inset-x-0 top-full z-40 max-h-[calc(100dvh-4rem)] overflow-y-auto bg-white p-4 text-ink shadow-xl">
        <MenuItems variant="drawer" {...props} />
      </nav>
    </details>
  )
}
