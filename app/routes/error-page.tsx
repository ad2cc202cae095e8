import { data, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { crossSitePostContext } from '~/http/request-guard.server'
import { ErrorMessage } from '~/components/error-message'
import { serverErrorMessage } from '~/sites/site-profile'
import { headContextFrom, pageMeta } from '~/utils/page-meta'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'

/**
 * Spec §4: when rendering fails in the browser the client lands here with the failed path in
 * `eurl`; the page repeats the engineers-notified sentence and is never indexed.
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  // A form sent from another site: the site's own 403 page, drawn by the root's error boundary.
  if (context.get(crossSitePostContext)) throw data(null, { status: 403 })
  const failedPath = new URL(request.url).searchParams.get('eurl') ?? ''
  // Only a same-site path may be offered back, never an absolute or protocol-relative URL.
  return { retryPath: /^\/(?!\/)/.test(failedPath) ? failedPath : undefined }
}

export const handle: AnalyticsHandle = { analytics: 'error' }

export const meta: MetaFunction = ({ matches }) => {
  const context = headContextFrom(matches)
  return pageMeta(context, {
    title: `Something went wrong | ${context?.site.name ?? ''}`,
    description: serverErrorMessage,
    canonicalPath: '/error/',
    noindex: true,
  })
}

export default function ErrorPage() {
  const { retryPath } = useLoaderData<typeof loader>()
  return (
    <>
      <ErrorMessage status={500} message={serverErrorMessage} />
      {retryPath ? (
        <p className="text-center">
          <a className="text-brand underline" href={retryPath}>
            Try the page again
          </a>
        </p>
      ) : null}
    </>
  )
}
