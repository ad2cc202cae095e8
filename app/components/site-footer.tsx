import type { ReactElement } from 'react'
import { useMatches } from 'react-router'
import type { FooterSection, NavigationLink } from '~/sites/navigation'
import type { SiteProfile } from '~/models/sites/site-profile'
import { FeedbackLink } from './feedback-link'
import { LinkList } from './link-list'
import { LowDataToggle } from './low-data-toggle'
import { FramePart } from '~/document/frame'

/** What a route's `handle` may tell the footer. Spec §2: the add-listing page has no footer. */
export interface SiteFooterHandle {
  hidesFooter?: boolean
}

export function useFooterHidden() {
  return useMatches().some((match) => (match.handle as SiteFooterHandle | undefined)?.hidesFooter === true)
}

const listClass = 'mt-2 space-y-1'

/** A column: its first `shown` links, the rest behind a 'More' expander that needs no script (spec §2, §9). */
function FooterColumn({ section }: { section: FooterSection }) {
  const shown = section.shown ?? section.links.length
  const more = section.links.slice(shown)
  return (
    <section>
      <h2 className="font-bold">{section.heading}</h2>
      <LinkList links={section.links.slice(0, shown)} className={listClass} linkClass="hover:underline" />
      {more.length > 0 ? (
        <details className="mt-1">
          <summary className="cursor-pointer font-semibold text-brand">{section.moreLabel ?? 'More'}</summary>
          <LinkList links={more} label={section.moreLabel} className={listClass} linkClass="hover:underline" />
        </details>
      ) : null}
    </section>
  )
}

const footerColumnsId = 'footer-columns'

/** The footer's link columns, the same on every page of a site: a part of the document's frame, drawn once per site (app/document/frame-parts.server.tsx). */
export function footerLinkColumns(sections: FooterSection[]): Record<string, ReactElement> {
  return {
    [footerColumnsId]: (
      <>
        {sections.map((section) => (
          <FooterColumn key={section.heading} section={section} />
        ))}
      </>
    ),
  }
}

export function SiteFooter({ site, socialLinks, lowData }: { site: SiteProfile; socialLinks?: NavigationLink[]; lowData?: { isOn: boolean; returnTo: string } }) {
  return (
    <footer className="mt-12 bg-white text-sm print:hidden">
      <div className="mx-auto max-w-6xl p-4">
        <FramePart as="div" id={footerColumnsId} className="grid grid-cols-1 gap-8 small:grid-cols-2 tablet:grid-cols-4" />
        <div className="mt-8 flex flex-wrap justify-between gap-4">
          {/* A div: the feedback modal opens beside its link, and a dialog may not sit in a paragraph. */}
          <div>
            {`© ${new Date().getFullYear()} ${site.name}`}
            <span aria-hidden="true"> · </span>
            <FeedbackLink className="font-semibold hover:underline" />
          </div>
          {socialLinks && socialLinks.length > 0 ? (
            <LinkList links={socialLinks} label={`${site.name} on social media`} className="flex flex-wrap gap-4" linkClass="font-semibold hover:underline" />
          ) : null}
        </div>
        {lowData ? (
          <div className="mt-4 border-t border-stone-200 pt-4">
            <LowDataToggle {...lowData} />
          </div>
        ) : null}
      </div>
    </footer>
  )
}
