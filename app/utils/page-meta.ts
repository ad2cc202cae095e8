import type { MetaDescriptor } from 'react-router'
import type { SiteProfile } from '~/models/sites/site-profile'

/** What the root loader tells every page's meta about the site and deployment. */
export interface HeadContext {
  site: SiteProfile
  origin: string
  isProduction: boolean
}

/** Spec §2 "Page head": indexable pages allow large image previews and unlimited snippets and video. */
export const indexableRobots = 'index, follow, max-image-preview:large, max-snippet:-1, max-video-preview:-1'

export interface PageHead {
  title: string
  description: string
  /** Path of the canonical URL; map-bounds segments must already be stripped by the caller. */
  canonicalPath: string
  noindex?: boolean
}

type MatchWithData = { id: string; data: unknown }

/** The route matches a `meta` function receives, from which the root's head context is read (React Router's route types allow a match to be missing). */
export type MetaMatches = readonly (MatchWithData | undefined)[]

export function headContextFrom(matches: MetaMatches): HeadContext | undefined {
  return matches.find((match) => match?.id === 'root')?.data as HeadContext | undefined
}

/**
 * Title, description, canonical link and robots for one page. Outside production every
 * page is noindex, nofollow, so a staging copy never competes with the real sites.
 */
export function pageMeta(context: HeadContext | undefined, head: PageHead): MetaDescriptor[] {
  const robots = !context?.isProduction ? 'noindex, nofollow' : head.noindex ? 'noindex, follow' : indexableRobots
  const descriptors: MetaDescriptor[] = [{ title: head.title }, { name: 'description', content: head.description }, { name: 'robots', content: robots }]
  if (context) descriptors.push({ tagName: 'link', rel: 'canonical', href: new URL(head.canonicalPath, context.origin).href })
  return descriptors
}
