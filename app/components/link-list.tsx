import type { ReactNode } from 'react'
import type { NavigationLink } from '~/sites/navigation'

export function linkItems(links: NavigationLink[], linkClass: string) {
  return links.map((link) => (
    <li key={link.href}>
      <a href={link.href} rel={link.rel} className={linkClass}>
        {link.label}
      </a>
    </li>
  ))
}

/** A labelled list of menu or footer links; `children` are more items after them. */
export function LinkList({
  links,
  label,
  className,
  linkClass,
  children,
}: {
  links: NavigationLink[]
  label?: string
  className?: string
  linkClass: string
  children?: ReactNode
}) {
  return (
    <ul aria-label={label} className={className}>
      {linkItems(links, linkClass)}
      {children}
    </ul>
  )
}
