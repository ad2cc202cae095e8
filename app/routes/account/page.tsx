import { AccountPage, secondaryButtonStyle } from '~/components/account-page'
import { Confirmation } from '~/components/form-field'
import { accountPaths } from '~/models/accounts/account-paths'
import { landsConnectorPaths } from '~/models/connector/land-request'
import type { Route } from './+types/route'
import { BuyerVisits } from './buyer-visits'

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`

export function AccountHome({ loaderData }: Route.ComponentProps) {
  const { viewer, favoriteCount, savedSearchCount, landRequestCount, isPasswordChanged, hasFeeds, isAdmin } = loaderData
  const cards = [
    { href: accountPaths.favorites, title: 'Favorites', summary: plural(favoriteCount, 'saved property', 'saved properties') },
    { href: accountPaths.savedSearches, title: 'Saved Searches', summary: plural(savedSearchCount, 'saved search', 'saved searches') },
    ...(landRequestCount === null
      ? []
      : [
          {
            href: landsConnectorPaths.home,
            title: 'Lands Connector',
            summary: landRequestCount > 0 ? plural(landRequestCount, 'land request', 'land requests') : 'Describe the land you want to land professionals',
          },
        ]),
    { href: accountPaths.settings, title: 'Settings', summary: 'Name, phone, newsletter and password' },
    // Required of administrators, a choice for sellers (decision 0052); anyone reaches it from Settings.
    ...(isAdmin || viewer.isSeller ? [{ href: accountPaths.security, title: 'Security', summary: 'Two-step sign-in and recent security events' }] : []),
    ...(hasFeeds ? [{ href: accountPaths.feeds, title: 'Feed Imports', summary: 'Your listing feed imports and their reports' }] : []),
    ...(isAdmin
      ? [
          { href: accountPaths.feedReview, title: 'Held Listings', summary: 'Feed listings waiting for review' },
          { href: accountPaths.scamReview, title: 'Scam Review', summary: 'Listings held by the scam screen or reported as a scam' },
          { href: accountPaths.analytics, title: 'Site Analytics', summary: 'Page views, searches, leads and page speed, last 30 days' },
          { href: accountPaths.jobs, title: 'Scheduled Jobs', summary: 'Each job’s last run, duration, outcome and next run' },
        ]
      : []),
  ]
  return (
    <AccountPage current="My Account" heading={`Hello, ${viewer.contactName}`}>
      {isPasswordChanged ? <Confirmation>Your new password is saved, and you are logged in.</Confirmation> : null}
      <p className="text-ink/80">{`Logged in as ${viewer.email}`}</p>
      <ul className="mt-6 grid gap-4 small:grid-cols-3">
        {cards.map((card) => (
          <li key={card.href}>
            <a href={card.href} className="block h-full rounded-xl border border-ink/15 bg-white p-5 hover:border-brand hover:shadow">
              <h2 className="text-lg font-semibold text-brand">{card.title}</h2>
              <p className="mt-1 text-ink/80">{card.summary}</p>
            </a>
          </li>
        ))}
      </ul>
      <BuyerVisits visits={loaderData.visits} />
      <form method="post" action={accountPaths.logout} className="mt-8">
        <button type="submit" className={secondaryButtonStyle}>
          Log out
        </button>
      </form>
    </AccountPage>
  )
}
