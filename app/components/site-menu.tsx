import { type ReactElement, type ReactNode, type SyntheticEvent, useEffect } from 'react'
import type { Viewer } from '~/models/accounts/viewer'
import type { LinkGroup, MenuLinks, SiteMenu } from '~/sites/navigation'
import { LogoutForm, accountLinks, loginPath, signupPath } from './account-menu'
import { LinkList, linkItems } from './link-list'
import { FramePart } from '~/document/frame'

export interface SiteMenuProps {
  menu: MenuLinks
  viewer: Viewer | null
  /** The page's path and query: Log in returns there. */
  currentPath: string
  /** Spec §2: Finance shows only where the page's finance center is enabled for the site. */
  financeHref?: string
}

/** Link groups side by side; `labelPrefix` names groups that show no heading ('States A to G'). */
function LinkGroups({ groups, labelPrefix, className }: { groups: LinkGroup[]; labelPrefix?: string; className: string }) {
  return (
    <div className={className}>
      {groups.map((group) => (
        <div key={group.heading}>
          {labelPrefix ? null : <p className="px-2 font-bold">{group.heading}</p>}
          <LinkList links={group.links} label={labelPrefix ? `${labelPrefix} ${group.heading}` : group.heading} linkClass="menu-link" />
        </div>
      ))}
    </div>
  )
}

/**
 * A drop-down (full menu) or drawer section (mobile menu) that works without JavaScript: a
 * <details>. Sharing `name` makes them exclusive (opening one closes the other).
 */
function MenuPanelDetails({ label, panelClass, children }: { label: string; panelClass: string; children: ReactNode }) {
  return (
    <details name="site-menu">
      <summary className="menu-item menu-toggle">
        {label}
        <span aria-hidden="true">▾</span>
      </summary>
      <div className={panelClass}>{children}</div>
    </details>
  )
}

const searchLandPanelId = 'menu-search-land'
const searchByStatePanelId = 'menu-search-by-state'

/**
 * The Search Land and Search By State panels, the same on every page of a site: parts of the
 * document's frame, drawn once per site (app/document/frame-parts.server.tsx), keyed by the id of
 * the item holding each.
 * A site without search has neither.
 */
export function menuLinkPanels(menu: SiteMenu): Record<string, ReactElement> {
  const panels: Record<string, ReactElement> = {}
  if (menu.searchLand.length > 0) {
    panels[searchLandPanelId] = (
      <MenuPanelDetails label="Search Land" panelClass="menu-panel menu-panel-wide">
        <LinkGroups groups={menu.searchLand} className="menu-groups" />
      </MenuPanelDetails>
    )
  }
  if (menu.searchByState.length > 0) {
    panels[searchByStatePanelId] = (
      <MenuPanelDetails label="Search By State" panelClass="menu-panel menu-panel-wide">
        <LinkGroups groups={menu.searchByState} labelPrefix="States" className="menu-states" />
      </MenuPanelDetails>
    )
  }
  return panels
}

/**
 * Spec §2 menu groups in order: Search Land (Property Types, Auctions, Other Searches), Search By
 * State, Find Agents, Advertise, Finance, Add a Property, then Sign up and Log in for visitors or
 * My Account (Favorites, Saved Searches, Manage Listings for sellers, Settings, Log out). Rendered
 * once per page: the `menu-*` classes (app/tailwind.css) make it the bar of drop-downs from the
 * site's full-menu screen and the mobile menu's drawer below it.
 */
function MenuItems({ menu, viewer, currentPath, financeHref }: SiteMenuProps) {
  const finance = financeHref ? { label: 'Finance', href: financeHref } : undefined
  const links = [menu.findAgents, menu.advertise, finance, menu.addProperty].filter((link) => link !== undefined)
  const visitorLinks = [
    { label: 'Sign up', href: signupPath },
    { label: 'Log in', href: loginPath(currentPath) },
  ]
  return (
    <ul className="menu-list">
      {menu.hasSearchLand ? <FramePart as="li" id={searchLandPanelId} /> : null}
      {menu.hasSearchByState ? <FramePart as="li" id={searchByStatePanelId} /> : null}
      {linkItems(viewer ? links : [...links, ...visitorLinks], 'menu-item')}
      {viewer ? (
        <li>
          <MenuPanelDetails label="My Account" panelClass="menu-panel menu-panel-narrow">
            <LinkList links={accountLinks(viewer)} label="My Account" linkClass="menu-link">
              <li>
                <LogoutForm buttonClassName="menu-link w-full text-left" />
              </li>
            </LinkList>
          </MenuPanelDetails>
        </li>
      ) : null}
    </ul>
  )
}

/** Spec §2: opening the menu scrolls to the top and locks the page's scrolling; closing releases it. */
function lockScrollWhileOpen(event: SyntheticEvent<HTMLDetailsElement>) {
  // React passes the sections' toggles up to here too; only the menu itself counts.
  if (event.target !== event.currentTarget) return
  const isOpen = event.currentTarget.open
  if (isOpen) window.scrollTo(0, 0)
  document.body.style.overflow = isOpen ? 'hidden' : ''
}

/**
 * The header menu, once for every width: below the site's full-menu screen a <details> (so it
 * opens without JavaScript) whose summary reads Menu, and from that screen up the same <details>
 * with its summary hidden and its content shown as the bar (`.site-menu`, app/tailwind.css). The
 * header closes it on navigation.
 */
export function HeaderMenu(props: SiteMenuProps) {
  useEffect(() => () => void (document.body.style.overflow = ''), [])
  return (
    <details className="site-menu" onToggle={lockScrollWhileOpen}>
      <summary className="cursor-pointer list-none px-3 py-2 font-semibold [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true">☰ </span>Menu
      </summary>
      <nav
        aria-label="Main"
        className="drawer:absolute drawer:inset-x-0 drawer:top-full drawer:z-40 drawer:max-h-[calc(100dvh-4rem)] drawer:overflow-y-auto drawer:bg-white drawer:p-4 drawer:text-ink drawer:shadow-xl"
      >
        <MenuItems {...props} />
      </nav>
    </details>
  )
}
