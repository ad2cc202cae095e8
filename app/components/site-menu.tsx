import type { ReactNode } from 'react'
import type { Viewer } from '~/models/viewer'
import type { LinkGroup, SiteMenu } from '~/sites/navigation'
import { LogoutForm, accountLinks, loginPath, signupPath } from './account-menu'
import { LinkList, linkItems } from './link-list'

export interface SiteMenuProps {
  menu: SiteMenu
  viewer: Viewer | null
  /** The page's path and query: Log in returns there. */
  currentPath: string
  /** Spec §2: Finance shows only where the page's finance center is enabled for the site. */
  financeHref?: string
}

const panelLink = 'block px-2 py-1.5 hover:text-brand hover:underline'
const topItem = 'block whitespace-nowrap px-3 py-2 hover:underline'
const summary = 'flex cursor-pointer list-none items-center gap-1 [&::-webkit-details-marker]:hidden'

/**
 * The two looks of one menu (spec §2): a bar of drop-downs on wide screens, a drawer of
 * sections in the mobile menu.
 */
const variants = {
  bar: {
    list: 'flex flex-wrap items-center text-sm font-semibold',
    link: topItem,
    summary: `${topItem} ${summary}`,
    panel: 'absolute top-full z-40 bg-white p-4 font-normal text-ink shadow-xl',
    widePanel: 'inset-x-4',
    narrowPanel: 'right-4 w-56',
    searchLand: 'grid grid-cols-3 gap-6',
    states: 'grid grid-cols-5 gap-4',
  },
  drawer: {
    list: 'text-base',
    link: `${panelLink} font-semibold`,
    summary: `${panelLink} ${summary} justify-between font-semibold`,
    panel: 'pb-2 pl-3',
    widePanel: '',
    narrowPanel: '',
    searchLand: 'flex flex-col gap-3',
    states: 'grid small:grid-cols-2',
  },
}

/** Link groups side by side; `labelPrefix` names groups that show no heading ('States A to G'). */
function LinkGroups({ groups, labelPrefix, className }: { groups: LinkGroup[]; labelPrefix?: string; className: string }) {
  return (
    <div className={className}>
      {groups.map((group) => (
        <div key={group.heading}>
          {labelPrefix ? null : <p className="px-2 font-bold">{group.heading}</p>}
          <LinkList links={group.links} label={labelPrefix ? `${labelPrefix} ${group.heading}` : group.heading} linkClass={panelLink} />
        </div>
      ))}
    </div>
  )
}

/**
 * A drop-down or drawer section that works without JavaScript: a <details>. Sharing `name`
 * makes them exclusive (opening one closes the other) in current browsers.
 */
function MenuPanel({ label, summaryClass, panelClass, children }: { label: string; summaryClass: string; panelClass: string; children: ReactNode }) {
  return (
    <li>
      <details name="site-menu">
        <summary className={summaryClass}>
          {label}
          <span aria-hidden="true">▾</span>
        </summary>
        <div className={panelClass}>{children}</div>
      </details>
    </li>
  )
}

/**
 * Spec §2 menu groups in order: Search Land (Property Types, Auctions, Other Searches), Search By
 * State, Find Agents, Advertise, Finance, Add a Property, then Sign up and Log in for visitors or
 * My Account (Favorites, Saved Searches, Manage Listings for sellers, Settings, Log out).
 */
export function MenuItems({ variant, menu, viewer, currentPath, financeHref }: SiteMenuProps & { variant: keyof typeof variants }) {
  const style = variants[variant]
  const finance = financeHref ? { label: 'Finance', href: financeHref } : undefined
  const links = [menu.findAgents, menu.advertise, finance, menu.addProperty].filter((link) => link !== undefined)
  const visitorLinks = [
    { label: 'Sign up', href: signupPath },
    { label: 'Log in', href: loginPath(currentPath) },
  ]
  const widePanel = `${style.panel} ${style.widePanel}`
  return (
    <ul className={style.list}>
      {menu.searchLand.length > 0 ? (
        <MenuPanel label="Search Land" summaryClass={style.summary} panelClass={widePanel}>
          <LinkGroups groups={menu.searchLand} className={style.searchLand} />
        </MenuPanel>
      ) : null}
      {menu.searchByState.length > 0 ? (
        <MenuPanel label="Search By State" summaryClass={style.summary} panelClass={widePanel}>
          <LinkGroups groups={menu.searchByState} labelPrefix="States" className={style.states} />
        </MenuPanel>
      ) : null}
      {linkItems(viewer ? links : [...links, ...visitorLinks], style.link)}
      {viewer ? (
        <MenuPanel label="My Account" summaryClass={style.summary} panelClass={`${style.panel} ${style.narrowPanel}`}>
          <LinkList links={accountLinks(viewer)} label="My Account" linkClass={panelLink}>
            <li>
              <LogoutForm buttonClassName={`${panelLink} w-full text-left`} />
            </li>
          </LinkList>
        </MenuPanel>
      ) : null}
    </ul>
  )
}
