import { useMatches } from '@remix-run/react'
import type { SiteProfile } from '~/sites/site-profile'

/**
 * What a route's `handle` may tell the header. Spec §2: home and diamond-listing detail pages
 * have a transparent header until hovered; whether a page is one is known from its data.
 */
export interface SiteHeaderHandle {
  hasTransparentHeader?: (data: unknown) => boolean
}

function useTransparentHeader() {
  return useMatches().some((match) => (match.handle as SiteHeaderHandle | undefined)?.hasTransparentHeader?.(match.data) === true)
}

export function SiteHeader({ site }: { site: SiteProfile }) {
  const [first, second] = site.wordmark
  // Over the photo the header floats on a dark fade (white text keeps its contrast) and turns solid on hover or focus.
  const position = useTransparentHeader()
    ? 'absolute inset-x-0 top-0 z-30 bg-gradient-to-b from-black/80 via-black/50 to-transparent transition-colors hover:bg-brand hover:bg-none focus-within:bg-brand focus-within:bg-none'
    : 'bg-brand'
  return (
    <header className={`${position} text-brand-contrast print:hidden`}>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-surface focus:p-2 focus:text-ink">
        Skip to content
      </a>
      <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3">
        <a href="/" className="text-2xl tracking-tight" aria-label={`${site.name} home`}>
          <span className="font-bold">{first}</span>
          <span className="font-light">{second}</span>
        </a>
        <p className="hidden text-sm small:block">{site.tagline}</p>
      </div>
    </header>
  )
}
