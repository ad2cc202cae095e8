import type { HeadersFunction, MetaDescriptor } from 'react-router'
import type { ReactNode } from 'react'
import { accountPaths } from '~/models/accounts/account-paths'
import { landsConnectorPaths } from '~/models/connector/land-request'
import { sellerPaths } from '~/models/sellers/listing-draft'
import { useSite, useViewer } from '~/hooks/use-site'
import { headContextFrom, type MetaMatches, pageMeta } from '~/utils/page-meta'

/** Head of an account screen: '{title} | {site}', its canonical path, never indexed. */
export function accountPageMeta(
  matches: MetaMatches,
  { title, description, canonicalPath }: { title: string; description: string; canonicalPath: string },
): MetaDescriptor[] {
  const context = headContextFrom(matches)
  return pageMeta(context, { title: `${title} | ${context?.site.name ?? ''}`, description, canonicalPath, noindex: true })
}

/** Account screens show one person's data: no shared cache may keep them. */
export const privateHeaders = { 'Cache-Control': 'private, no-store' }
export const privatePageHeaders: HeadersFunction = () => privateHeaders

const sections = [
  { href: accountPaths.home, label: 'My Account' },
  { href: accountPaths.favorites, label: 'Favorites' },
  { href: accountPaths.savedSearches, label: 'Saved Searches' },
  { href: accountPaths.settings, label: 'Settings' },
] as const

/** The sellers' tool (issue 15), for sellers only (spec §6 'Manage Listings for sellers only'). */
const sellerSections = [
  { href: sellerPaths.listings, label: 'My Listings' },
  { href: sellerPaths.leads, label: 'Leads' },
  { href: sellerPaths.statistics, label: 'Statistics' },
] as const

/** AcreWorth's saved valuations (issue 16), on the site that values land. */
const valuationSections = [{ href: accountPaths.savedValuations, label: 'Saved Valuations' }] as const

/** Spec §6 'Logged-in user: … lands connector', on the sites that sell land (decision 0020). */
const connectorSections = [{ href: landsConnectorPaths.home, label: 'Lands Connector' }] as const

type AccountSection = (typeof sections | typeof sellerSections | typeof valuationSections | typeof connectorSections)[number]['label']

/** A signed-in user's screen: the sections of My Account (spec §2 menu links, and a seller's tool), then the page. */
export function AccountPage({ current, heading, children }: { current: AccountSection; heading: string; children: ReactNode }) {
  const isSeller = useViewer()?.isSeller ?? false
  const site = useSite()
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <nav aria-label="My Account">
        <ul className="flex flex-wrap gap-2 text-sm font-semibold">
          {[
            ...sections,
            ...(site.searchGrammar ? connectorSections : []),
            ...(site.features.valuation ? valuationSections : []),
            ...(isSeller ? sellerSections : []),
          ].map((section) => (
            <li key={section.href}>
              <a
                href={section.href}
                aria-current={section.label === current ? 'page' : undefined}
                className="inline-block rounded-full border border-brand px-3 py-1.5 text-brand hover:bg-brand/10 aria-[current=page]:bg-brand aria-[current=page]:text-brand-contrast"
              >
                {section.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <h1 className="mt-6 text-2xl font-bold text-brand small:text-3xl">{heading}</h1>
      <div className="mt-4">{children}</div>
    </div>
  )
}

/** A narrow page holding one form: log in, sign up, forgot and reset password. */
export function FormPage({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold text-brand">{heading}</h1>
      <div className="mt-4">{children}</div>
    </div>
  )
}

/** Messages about the whole form (a wrong password, too many attempts), announced when they appear. */
export function FormErrors({ errors, id }: { errors: string[] | undefined; id?: string }) {
  if (!errors?.length) return null
  return (
    <div id={id} role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 font-medium text-red-900">
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  )
}

export const secondaryButtonStyle = 'rounded-md border border-brand px-3 py-2 text-sm font-semibold text-brand hover:bg-brand/10'
