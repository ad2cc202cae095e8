import type { Route } from './+types/offline'
import { FormPage, accountPageMeta } from '~/components/account-page'
import { offlineListingsElementId } from '~/document/offline-copy'

/**
 * /offline/: what the service worker shows for a page it cannot fetch (decision 0034), kept when
 * it installs. The worker fills the list with the favourites kept on this device; never indexed.
 */
export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, {
    title: 'You are offline',
    description: 'This page needs a connection; your saved favorites can be read offline.',
    canonicalPath: '/offline/',
  })

export default function Offline() {
  return (
    <FormPage heading="You are offline">
      <p>This page could not be loaded: there is no connection. It will open once you are back online.</p>
      <h2 className="mt-6 text-lg font-semibold">Available offline</h2>
      <div id={offlineListingsElementId} className="mt-2">
        <p>
          Nothing is kept on this device yet: while online and logged in, tap the heart on a property, and its page, photos, maps and flyer are kept here for reading
          offline.
        </p>
      </div>
    </FormPage>
  )
}
