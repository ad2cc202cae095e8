import type { SiteProfile } from '~/sites/site-profile'

export function SiteHeader({ site }: { site: SiteProfile }) {
  const [first, second] = site.wordmark
  return (
    <header className="bg-brand text-brand-contrast">
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
