import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { SearchLocationBox } from '~/components/search-location-box'
import { getDb } from '~/models/db.server'
import { findHeroPhotoId, getInventorySummary } from '~/models/listing.server'
import { resizedImagePath } from '~/models/document-ids'
import { imageQuality, resizedImageSrcSet } from '~/utils/resized-image-url'
import { headContextFrom, pageMeta } from '~/utils/page-meta'
import { useSite } from '~/utils/use-site'

const heroAspectRatio = 16 / 7
const heroWidths = [480, 768, 1080, 1440, 1920] as const

export async function loader(_: LoaderFunctionArgs) {
  const db = getDb()
  const [inventory, heroPhotoId] = await Promise.all([getInventorySummary(db), findHeroPhotoId(db)])
  return { inventory, heroPhotoId }
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => {
  const context = headContextFrom(matches)
  const site = context?.site
  return pageMeta(context, {
    title: site ? `${site.name}: ${site.tagline}` : 'Land for sale',
    description: site?.description ?? '',
    canonicalPath: '/',
  })
}

export default function Home() {
  const { inventory, heroPhotoId } = useLoaderData<typeof loader>()
  const site = useSite()
  return (
    <>
      <section className="relative isolate bg-brand text-white">
        {heroPhotoId !== undefined ? (
          <img
            src={resizedImagePath(heroPhotoId, { width: 1080, height: Math.round(1080 / heroAspectRatio), quality: imageQuality.medium })}
            srcSet={resizedImageSrcSet(heroPhotoId, { aspectRatio: heroAspectRatio, widths: heroWidths, quality: imageQuality.medium, format: 'webp' })}
            sizes="100vw"
            alt=""
            // React 18 does not know fetchPriority yet; the lowercase attribute reaches the HTML as is.
            {...{ fetchpriority: 'high' }}
            className="absolute inset-0 -z-20 h-full w-full object-cover"
          />
        ) : null}
        {/* Darkens the photo so white text keeps AA contrast over bright skies. */}
        <div className="absolute inset-0 -z-10 bg-gradient-to-r from-black/70 via-black/45 to-black/20" aria-hidden="true" />
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-16 small:py-24">
          <h1 className="text-4xl font-bold drop-shadow small:text-5xl">{site.heroHeadline}</h1>
          <p className="text-lg drop-shadow">
            {`${inventory.activeListings.toLocaleString('en-US')} properties for sale in ${inventory.states} states`}
          </p>
          {site.searchGrammar ? <SearchLocationBox from="" placeholder={site.searchPlaceholder} /> : null}
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 py-10">
        <h2 className="text-2xl font-bold text-brand">{site.tagline}</h2>
        <p className="mt-3 max-w-3xl">{site.description}</p>
      </section>
    </>
  )
}
