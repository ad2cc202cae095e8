import { redirect } from 'react-router'
import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { feedListingsByState } from '~/models/feeds/feed-states.server'
import { normalizeCriteria } from '~/models/search/search-criteria'
import { landFeedStatesPath } from '~/sites/partner-paths'
import { landFeedPageElsewhere } from '~/sites/land-feed-publisher.server'
import { buildSearchPath } from '~/models/search/search-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import { requestIsForPath } from '~/http/requested-path.server'

/** /landfeed/states/ (spec §2): each state's feed listings, on the site that publishes the land feed documentation; another site leads there. */
export async function loadLandFeedStates(db: Kysely<Database>, site: SiteProfile, request: Request) {
  const docsPath = site.contentPaths.landFeedDocs
  if (!docsPath) {
    const publishedElsewhere = landFeedPageElsewhere(site, landFeedStatesPath)
    if (publishedElsewhere) throw redirect(publishedElsewhere, 301)
    throw new Response('Not Found', { status: 404 })
  }
  if (!requestIsForPath(request, landFeedStatesPath, { pageParams: [...new URL(request.url).searchParams.keys()] })) throw redirect(landFeedStatesPath, 301)
  const states = await feedListingsByState(db)
  const total = states.reduce((sum, state) => sum + state.listings, 0)
  return {
    title: `Land Feed Listings by State | ${site.name}`,
    description: `How many of the ${site.name} listings in each state arrived in partner feeds, and when an import last changed them.`,
    docsPath,
    total,
    states: states.map((state) => ({
      ...state,
      searchHref: site.searchGrammar ? buildSearchPath(site, normalizeCriteria({ state: state.slug.toLowerCase() })) : null,
    })),
  }
}
