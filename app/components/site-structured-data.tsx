import type { SiteProfile } from '~/models/sites/site-profile'
import { siteIconPath } from '~/sites/site-icon'
import { JsonLd } from './json-ld'
import { locationSearchEndpoint } from './search-location-box'

/**
 * JSON-LD of a home page for crawlers: the site as a WebSite, with a SearchAction for its search
 * box where it has search (the box's own no-JavaScript endpoint, so the template is a real search),
 * and the Organization behind it with its icon and social profiles.
 */
export function SiteStructuredData({ site, origin }: { site: SiteProfile; origin: string }) {
  const home = new URL('/', origin).href
  const organization = {
    '@type': 'Organization',
    '@id': `${home}#organization`,
    name: site.name,
    url: home,
    logo: new URL(siteIconPath, origin).href,
    ...(site.socialLinks.length > 0 ? { sameAs: site.socialLinks.map((link) => link.url) } : {}),
  }
  const searchTemplate = `${new URL(locationSearchEndpoint.path, origin).href}?${locationSearchEndpoint.queryParam}={search_term_string}`
  const website = {
    '@type': 'WebSite',
    '@id': `${home}#website`,
    name: site.name,
    url: home,
    description: site.description,
    publisher: { '@id': organization['@id'] },
    ...(site.searchGrammar
      ? {
          potentialAction: {
            '@type': 'SearchAction',
            target: { '@type': 'EntryPoint', urlTemplate: searchTemplate },
            'query-input': 'required name=search_term_string',
          },
        }
      : {}),
  }
  return <JsonLd graph={[website, organization]} />
}
