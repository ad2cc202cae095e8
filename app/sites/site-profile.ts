import type { SiteProfile } from '~/models/sites/site-profile'

// The profile's type is the models' (they take a site as plain data); root.tsx and
// data-layer-runtime.server.ts, which the document pipeline work is rewriting, import it from here.
export type { SiteProfile } from '~/models/sites/site-profile'

/** The company's legal pages, shared by all four sites. */
export const companyLegalLinks = {
  privacyNotice: 'https://legal.acrefamily.example/privacy-notice',
  cookiePolicy: 'https://legal.acrefamily.example/cookie-policy',
  privacyRights: 'https://privacy.acrefamily.example/exercise-your-rights',
} as const

/** Spec §2 "Error page text" for status 500 or -1, the same on every site. */
export const serverErrorMessage = 'An error has occurred, website engineers have been notified'

/** Spec §2 "Error page text": 500 gets the engineers-notified sentence, everything else the site's not-found one. */
export const errorPageMessage = (site: SiteProfile, status: number) => (status >= 500 ? serverErrorMessage : site.wording.notFound)

/** Below the spec's sentence on the 413 the server answers a form longer than it takes (issue 33). */
export const bodyTooLargeMessage = 'The form was too long to send, so nothing was saved. Shorten what you wrote and send it again.'

/** Below the spec's sentence on the 403 the server answers a form sent from another site (decision 0023). */
export const crossSitePostMessage = 'The form was sent from another website, so nothing was saved. Open the page on this site and send it again.'
