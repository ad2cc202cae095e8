import type { SiteProfile } from '~/sites/site-profile'

export function SiteFooter({ site }: { site: SiteProfile }) {
  return (
    <footer className="mt-12 border-t border-ink/10 bg-white print:hidden">
      <div className="mx-auto max-w-6xl px-4 py-6 text-sm">
        <p>
          © {new Date().getFullYear()} {site.name}. {site.tagline}.
        </p>
      </div>
    </footer>
  )
}
