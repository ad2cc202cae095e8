import { advertisingTerms } from '~/content/advertising-terms'
import { farmCreditLeadsDocumentation, farmCreditListingsDocumentation } from '~/content/farm-credit-documentation'
import { landFeedDocumentation } from '~/content/land-feed-documentation'
import { photoSubmissionTerms } from '~/content/photo-submission-terms'
import { termsOfUse } from '~/content/terms-of-use'
import type { ContentPageKind, SiteProfile } from '~/models/sites/site-profile'
import { urlSlug } from '~/utils/url-slug'
import type { ContentContext, ContentPageText, ContentSectionText } from './content-text'

/**
 * The sites' content pages (spec §2 screens: terms of use, advertising terms, photo-submission
 * terms, and the main land site's land feed and farm credit documentation). The texts live in app/content as functions of the site; this module decides which
 * page a path is on which site and gives every section an id for the table of contents.
 */

export interface ContentSection extends ContentSectionText {
  id: string
}

export interface ContentPage extends Omit<ContentPageText, 'sections'> {
  kind: ContentPageKind
  title: string
  path: string
  sections: ContentSection[]
}

const texts: Record<ContentPageKind, (context: ContentContext) => ContentPageText> = {
  termsOfUse,
  advertisingTerms,
  photoTerms: photoSubmissionTerms,
  landFeedDocs: landFeedDocumentation,
  farmCreditListings: farmCreditListingsDocumentation,
  farmCreditLeads: farmCreditLeadsDocumentation,
}

function contentContext(site: SiteProfile): ContentContext {
  const domain = new URL(site.url).hostname.replace(/^www\./, '')
  return {
    siteName: site.name,
    legalEmail: `legal@${domain}`,
    advertisingEmail: `advertising@${domain}`,
    partnersEmail: `partners@${domain}`,
    paths: site.contentPaths,
  }
}

/** Paths compare without case or trailing slash, as the routes match them; the redirect restores the exact form. */
export const comparablePath = (path: string) => path.toLowerCase().replace(/\/+$/, '')

/** The site's content page at `pathname` (in any case, with or without the trailing slash), or undefined. */
export function findContentPage(site: SiteProfile, pathname: string): ContentPage | undefined {
  const entry = Object.entries(site.contentPaths).find(([, path]) => comparablePath(path) === comparablePath(pathname))
  if (!entry) return undefined
  const [kind, path] = entry as [ContentPageKind, string]
  const { sections, ...text } = texts[kind](contentContext(site))
  return { ...text, kind, path, title: `${text.heading} | ${site.name}`, sections: sections.map((section) => ({ ...section, id: urlSlug(section.heading) })) }
}
