import {
  data,
  isRouteErrorResponse,
  Links,
  type LoaderFunctionArgs,
  Meta,
  type MetaFunction,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from 'react-router'
import { type ReactNode, useEffect } from 'react'
import { DataLayerEvents } from '~/components/data-layer-events'
import { ErrorMessage } from '~/components/error-message'
import { IconSprite } from '~/components/icons'
import { LazyImageScript } from '~/components/lazy-images'
import { lazyComponent } from '~/components/lazy-component'
import { SessionExtras } from '~/components/session-notices'
import { SlowRequestNotice } from '~/components/slow-request-notice'
import { readConfig } from '~/config.server'
import { SiteFooter, useFooterHidden } from '~/components/site-footer'
import { SiteHeader, useFinanceHref, useTransparentHeader } from '~/components/site-header'
import { recentFinanceCenterHref } from '~/models/finance/finance-centers.server'
import { forgetShownNoticesMiddleware, readPageSession, shownNoticesContext } from '~/http/session.server'
import { httpCacheMiddleware } from '~/http/http-cache.server'
import { cspNonceContext, useNonce } from '~/utils/csp-nonce'
import { formKeyOfResponse } from '~/http/form-key.server'
import { loginByTokenMiddleware } from '~/routes/login-token.server'
import { headContextForRequest } from '~/sites/head-context.server'
import { menuLinksOf } from '~/sites/navigation'
import { siteNavigationNow } from '~/sites/site-navigation.server'
import { bodyTooLargeMessage, crossSitePostMessage, errorPageMessage, type SiteProfile } from '~/sites/site-profile'
import { headContextFrom, pageMeta } from '~/utils/page-meta'
import { fallbackSiteElementId, fallbackSiteProfile, useSite } from '~/hooks/use-site'
import { cssRgb } from '~/utils/css-rgb'
import { keptFormSubmissions } from '~/browser/kept-form-submissions'
import { lowDataContext, lowDataMiddleware } from '~/http/low-data.server'
import { databaseContext, databaseMiddleware } from '~/http/database.server'
import { LowDataProvider } from '~/hooks/use-low-data'
import { siteIconDataUrl } from '~/sites/site-icon'
import { InlineStylesheet } from '~/document/inline-stylesheet'

/** Drawn by the server on the rare page after a failed token login; its code loads only there. */
const LoginFailureNotice = lazyComponent(() => import('~/components/login-failure-notice').then((module) => module.LoginFailureNotice))

/**
 * First the request's database on its router context (database.server.ts); around every answer, HTTP caching (who may keep it, its ETag: http-cache.server.ts); whether the
 * page is the lighter one (low-data.server.ts); then spec §4: a login token in any page's address logs in before the page loads (login-token.server.ts);
 * last, the session's notices this page showed are forgotten once it is drawn (session.server.ts).
 */
export const middleware = [databaseMiddleware, httpCacheMiddleware, lowDataMiddleware, loginByTokenMiddleware, forgetShownNoticesMiddleware]

/** In the browser: what became of a kept form's submission; one that failed for the network keeps the page and the form, not the error page (kept-form-submissions.ts). */
export const clientMiddleware = [keptFormSubmissions]

export async function loader({ request, context: requestContext }: LoaderFunctionArgs) {
  const context = headContextForRequest(request)
  const [navigation, financeHref, { viewer, notices, hasNotices }] = await Promise.all([
    siteNavigationNow(requestContext.get(databaseContext), context.site),
    recentFinanceCenterHref(requestContext.get(databaseContext), context.site, {}),
    readPageSession(request),
  ])
  if (hasNotices) requestContext.set(shownNoticesContext, true)
  // The link panels and columns are part of the document's frame (app/document/frame-parts.server.tsx); the page's data keeps only the single links.
  const navigationLinks = { menu: menuLinksOf(navigation.menu), social: navigation.footer.socialLinks }
  const { loginStatusIntervalMinutes } = readConfig()
  // Decided once per request (the middleware); every component reads it through useLowData().
  const isLowData = requestContext.get(lowDataContext)
  // The forms' idempotency key of this response (app/components/form-key-field.tsx).
  const formKey = formKeyOfResponse(requestContext.get(cspNonceContext))
  return data({ ...context, navigationLinks, financeHref: financeHref ?? null, viewer, notices, loginStatusIntervalMinutes, isLowData, formKey })
}

/** The site never changes within one host, so navigations need not reload the root data. */
export const shouldRevalidate = () => false

export const meta: MetaFunction<typeof loader> = ({ error, matches, location }) => {
  const context = headContextFrom(matches)
  const site = context?.site ?? fallbackSiteProfile()
  const status = isRouteErrorResponse(error) ? error.status : 500
  return pageMeta(context, {
    title: `${status === 404 ? 'Page not found' : 'Something went wrong'} | ${site.name}`,
    description: site.description,
    canonicalPath: location.pathname,
    noindex: true,
  })
}

function themeStyle(site: SiteProfile) {
  const { theme } = site
  return `:root{--color-brand:${theme.brand};--color-brand-contrast:${theme.brandContrast};--color-accent:${theme.accent};--color-surface:${theme.surface};--color-ink:${theme.ink};--font-site:${theme.fontFamily}}`
}

/** Set once the first render has hydrated; an error boundary mounting later failed in the browser. */
let hasHydrated = false

export function Layout({ children }: { children: ReactNode }) {
  const site = useSite()
  const rootData = useRouteLoaderData<typeof loader>('root')
  const location = useLocation()
  const isTransparent = useTransparentHeader()
  const isFooterHidden = useFooterHidden()
  const financeHref = useFinanceHref()
  const nonce = useNonce()
  // Parents' effects run after their children's, so a boundary hydrating a server error sees false.
  // The mark on <html> tells browser tests that the deferred framework has started (decision 0013).
  useEffect(() => {
    hasHydrated = true
    document.documentElement.dataset.hydrated = ''
  }, [])
  return (
    <html lang="en-US" data-site={site.key}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={cssRgb(site.theme.brand)} />
        <link rel="icon" href={siteIconDataUrl(site)} type="image/svg+xml" />
        <style nonce={nonce} dangerouslySetInnerHTML={{ __html: themeStyle(site) }} />
        <InlineStylesheet nonce={nonce} />
        <LazyImageScript nonce={nonce} />
        {/* Vite's preloads of on-demand modules read the nonce here (build.modulePreload); HTML wants a content, and the
            nonce stays out of it: in the nonce attribute browsers hide it from the page's own selectors. */}
        <meta property="csp-nonce" content="" nonce={nonce} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col font-site">
        <IconSprite />
        <SiteHeader
          site={site}
          menu={rootData?.navigationLinks.menu}
          viewer={rootData?.viewer ?? null}
          currentPath={`${location.pathname}${location.search}`}
          financeHref={financeHref}
          isTransparent={isTransparent}
        />
        <main id="main" className="flex-1">
          {rootData?.notices.loginFailure ? (
            <LoginFailureNotice failure={rootData.notices.loginFailure} site={site} currentPath={`${location.pathname}${location.search}`} />
          ) : null}
          <LowDataProvider value={rootData?.isLowData ?? false}>{children}</LowDataProvider>
          {rootData ? (
            <SessionExtras
              isSignedIn={rootData.viewer !== null}
              sellerWelcome={rootData.notices.sellerWelcome}
              loginStatusIntervalMinutes={rootData.loginStatusIntervalMinutes}
            />
          ) : null}
        </main>
        {isFooterHidden ? null : (
          <SiteFooter
            site={site}
            socialLinks={rootData?.navigationLinks.social}
            // The toggle goes back to the Referer's page; this path is for browsers that send none. Not the
            // query: a login page's return address would nest in it.
            lowData={rootData ? { isOn: rootData.isLowData, returnTo: location.pathname } : undefined}
          />
        )}
        {rootData ? null : (
          <script id={fallbackSiteElementId} type="application/json" dangerouslySetInnerHTML={{ __html: JSON.stringify(site).replace(/</g, '\\u003c') }} />
        )}
        <SlowRequestNotice />
        <DataLayerEvents nonce={nonce} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

/** What the server can say about a refused form below the spec's sentence. */
const errorPageDetails: Partial<Record<number, string>> = { 403: crossSitePostMessage, 413: bodyTooLargeMessage }

export function ErrorBoundary() {
  const error = useRouteError()
  const site = useSite()
  const status = isRouteErrorResponse(error) ? error.status : 500
  // Spec §4: a rendering error in the browser goes to /error/ with the failed path as eurl.
  useEffect(() => {
    const failedPath = `${window.location.pathname}${window.location.search}`
    if (hasHydrated && !isRouteErrorResponse(error) && !window.location.pathname.startsWith('/error')) {
      window.location.assign(`/error/?eurl=${encodeURIComponent(failedPath)}`)
    }
  }, [error])
  return <ErrorMessage status={status} message={errorPageMessage(site, status)} detail={errorPageDetails[status]} />
}
