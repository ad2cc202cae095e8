import type { ReactNode } from 'react'
import { photoSets } from '~/utils/image-renditions'
import { photoSources } from '~/utils/resized-image-url'
import { useDrawnPrioritySrcSet } from '~/hooks/use-drawn-priority-srcset'
import { useLowData } from '~/hooks/use-low-data'

/**
 * The photo banner of home and landing pages (spec §2: landing pages render the home screen),
 * under the transparent header. The photo is the page's largest paint, so it loads first.
 */
export function LandingHero({ photoId, heading, subline, children }: { photoId: number | undefined; heading: string; subline: string; children?: ReactNode }) {
  const isLowData = useLowData()
  const photo = photoId === undefined ? undefined : photoSources(photoId, photoSets.landingHero, isLowData)
  const drawnSrcSet = useDrawnPrioritySrcSet(photo?.src ?? '', photo?.srcSet ?? '')
  return (
    <section className="relative isolate bg-brand text-white">
      {photo ? (
        <img src={photo.src} srcSet={drawnSrcSet} sizes="100vw" alt="" fetchPriority="high" className="absolute inset-0 -z-20 h-full w-full object-cover" />
      ) : null}
      {/* Darkens the photo so white text keeps AA contrast over bright skies. */}
      <div className="absolute inset-0 -z-10 bg-gradient-to-r from-black/70 via-black/45 to-black/20" aria-hidden="true" />
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-5 px-4 pb-14 pt-24 small:pb-20 small:pt-28">
        <h1 className="text-4xl font-bold drop-shadow small:text-5xl">{heading}</h1>
        <p className="text-lg drop-shadow">{subline}</p>
        {children}
      </div>
    </section>
  )
}
