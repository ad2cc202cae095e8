import type { MetaDescriptor } from 'react-router'
import { resizedImagePath } from '~/models/media/document-ids'
import { fixedRenditions } from '~/utils/image-renditions'
import { headContextFrom, type MetaMatches, pageMeta } from '~/utils/page-meta'
import type { ListingPageData } from './page.server'

/** Head of a detail page: title, description, canonical, and the Open Graph card with the first photo. */
export function listingPageMeta(page: ListingPageData, matches: MetaMatches): MetaDescriptor[] {
  const context = headContextFrom(matches)
  const descriptors = pageMeta(context, { title: page.title, description: page.description, canonicalPath: page.canonicalPath })
  if (!context) return descriptors
  const absolute = (path: string) => new URL(path, context.origin).href
  const [photoId] = page.listing.imageIds
  descriptors.push(
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: context.site.name },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: absolute(page.canonicalPath) },
    { name: 'twitter:card', content: 'summary_large_image' },
  )
  if (photoId !== undefined) {
    descriptors.push(
      { property: 'og:image', content: absolute(resizedImagePath(photoId, fixedRenditions.listingShareImage)) },
      { property: 'og:image:width', content: '1200' },
      { property: 'og:image:height', content: '630' },
    )
  }
  return descriptors
}
