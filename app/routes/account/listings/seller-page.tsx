import { isRouteErrorResponse, useRouteError } from 'react-router'
import { ErrorMessage } from '~/components/error-message'
import { errorPageMessage } from '~/sites/site-profile'
import { useSite } from '~/hooks/use-site'

/** The sellers' tool tells a signed-in buyer how to become a seller (403), rather than showing an error page. */
export function NotASeller() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-12" aria-labelledby="not-seller-heading">
      <h1 id="not-seller-heading" className="text-2xl font-bold text-brand">
        This part of your account is for sellers
      </h1>
      <p className="mt-4">Listings, their leads and their statistics belong to seller accounts. To list land you own, start from Add a Property.</p>
      <p className="mt-6">
        <a href="/addlisting/" className="rounded-md bg-accent px-5 py-3 font-semibold text-white hover:brightness-110">
          Add a Property
        </a>
      </p>
    </section>
  )
}

/** The error boundary of the tool's pages: a buyer's 403 reads as the way to become a seller, anything else as the site's error page. */
export function SellerToolErrorBoundary() {
  const error = useRouteError()
  const site = useSite()
  const status = isRouteErrorResponse(error) ? error.status : 500
  return status === 403 ? <NotASeller /> : <ErrorMessage status={status} message={errorPageMessage(site, status)} />
}
