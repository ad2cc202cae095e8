import { useActionData } from 'react-router'
import type { BrokerListingsPageData, BrokerProfile, BrokerProfilePageData } from './page.server'
import { formatAcres, formatPrice } from '~/utils/format'
import { siteExternalUrl } from '~/sites/external-url'
import { useSite, useSiteOrigin } from '~/hooks/use-site'
import { Accreditations, BrokerLogo, ContactSection } from '~/components/broker-parts'
import { BrokerPortrait } from '~/components/broker-portrait'
import { BrokerStructuredData } from './broker-structured-data'
import { Breadcrumbs } from '~/components/breadcrumbs'
import { BrokerListingGrid } from '~/components/deferred-listing-grids'
import { JsonLd, breadcrumbList } from '~/components/json-ld'
import { lazyComponent } from '~/components/lazy-component'
import type { PageFormResult } from '~/components/page-form'
import { Pagination } from '~/components/pagination'
import { portraitSizes } from '~/utils/image-renditions'
import { SellerReplyTime } from '~/components/seller-reply-time'

/** Spec §4: the contact modal loads on its own, after the page. */
const ContactModal = lazyComponent(() => import('~/components/contact-form').then((module) => module.ContactModal))

/** Portrait, name, company, type and office: the top of both broker pages. */
function BrokerHeader({
  broker,
  heading,
  portraitSize,
}: {
  broker: BrokerProfile
  heading: string
  portraitSize: (typeof portraitSizes)['brokerHeader' | 'brokerPage']
}) {
  return (
    <div className="flex items-center gap-5">
      <BrokerPortrait
        documentId={broker.portraitDocumentId}
        name={broker.name}
        size={portraitSize}
        className={portraitSize === portraitSizes.brokerPage ? 'h-32 w-32' : 'h-[72px] w-[72px]'}
        priority
      />
      <div className="min-w-0">
        <h1 className="text-2xl font-bold text-brand small:text-3xl">{heading}</h1>
        {broker.companyName ? <p className="text-lg text-stone-800">{broker.companyName}</p> : null}
        <p className="mt-1 text-stone-700">{[broker.typeLabel, broker.place].filter(Boolean).join(' · ')}</p>
        <SellerReplyTime withinHours={broker.replyWithinHours} />
      </div>
    </div>
  )
}

function ListingStatistics({ page }: { page: BrokerProfilePageData }) {
  const { stats } = page
  const facts = [
    { label: 'Active listings', value: stats.activeListings.toLocaleString('en-US') },
    { label: 'Total acreage', value: formatAcres(stats.totalAcres) },
    ...(stats.priceRange ? [{ label: 'Price range', value: `${formatPrice(stats.priceRange.min)} – ${formatPrice(stats.priceRange.max)}` }] : []),
    ...(stats.states.length > 0 ? [{ label: stats.states.length === 1 ? 'State' : 'States', value: stats.states.join(', ') }] : []),
  ]
  return (
    <section aria-labelledby="statistics-heading">
      <h2 id="statistics-heading" className="text-xl font-bold text-stone-900">
        Listing statistics
      </h2>
      <dl className="mt-3 grid gap-3 small:grid-cols-2">
        {facts.map((fact) => (
          <div key={fact.label} className="rounded-lg border border-stone-200 bg-white p-3">
            <dt className="text-sm text-stone-600">{fact.label}</dt>
            <dd className="text-lg font-semibold">{fact.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/**
 * The broker page (spec §2 "broker profile", §3 "Broker or seller account"): who they are, how to
 * reach them (call, or the message form as a modal that works without scripts), their
 * accreditations and listing statistics, then their listings.
 */
export function BrokerProfilePage({ page }: { page: BrokerProfilePageData }) {
  const { broker } = page
  const origin = useSiteOrigin()
  const site = useSite()
  return (
    <article className="mx-auto max-w-7xl px-4 py-6 pb-16">
      <Breadcrumbs crumbs={page.breadcrumbs} />
      <div className="mt-4 grid gap-10 tablet:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-8">
          <BrokerHeader broker={broker} heading={broker.name} portraitSize={portraitSizes.brokerPage} />
          <section aria-labelledby="about-heading">
            <h2 id="about-heading" className="text-xl font-bold text-stone-900">{`About ${broker.name}`}</h2>
            <p className="mt-2 max-w-prose whitespace-pre-line">{broker.description}</p>
            {broker.licenseNumber ? <p className="mt-3 text-sm text-stone-700">{`License #${broker.licenseNumber}`}</p> : null}
            <Accreditations labels={broker.certifications} />
            {broker.websiteUrl ? (
              <p className="mt-3 text-sm">
                <a href={siteExternalUrl(site, broker.websiteUrl)} rel="nofollow noopener noreferrer" target="_blank" className="font-semibold text-brand underline">
                  Website<span className="sr-only"> (opens in a new tab)</span>
                </a>
              </p>
            ) : null}
          </section>
          <ListingStatistics page={page} />
        </div>
        <aside aria-label="Contact" className="tablet:sticky tablet:top-4 tablet:self-start">
          <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
            <BrokerLogo documentId={broker.logoDocumentId} companyName={broker.companyName ?? broker.name} />
            <ContactSection name={broker.name} phone={broker.phone} messageLabel="Send a message" />
          </div>
        </aside>
      </div>
      <section aria-labelledby="listings-heading" className="mt-12">
        <h2 id="listings-heading" className="text-xl font-bold text-stone-900">{`Properties for sale by ${broker.name}`}</h2>
        {page.listings.length > 0 ? (
          <BrokerListingGrid listings={page.listings} likedListingIds={page.likedListingIds} headingLevel={3} />
        ) : (
          <p className="mt-3">No properties for sale on this site right now.</p>
        )}
        {page.allListingsHref ? (
          <p className="mt-6">
            <a href={page.allListingsHref} className="font-semibold text-brand underline">
              {`See all ${page.stats.activeListings.toLocaleString('en-US')} properties`}
            </a>
          </p>
        ) : null}
      </section>
      <BrokerStructuredData page={page} origin={origin} />
      <ContactModal title={`Contact ${broker.name}`} actionResult={useActionData<PageFormResult>()} isSent={page.isSent} pagePath={page.canonicalPath} />
    </article>
  )
}

/** A broker's listings, 25 a page with real links (spec §2 …/listings/, /land/, /properties). */
export function BrokerListingsPage({ page }: { page: BrokerListingsPageData }) {
  const origin = useSiteOrigin()
  const absolute = (path: string) => new URL(path, origin).href
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumbs crumbs={page.breadcrumbs} />
      <div className="mt-4">
        <BrokerHeader broker={page.broker} heading={page.heading} portraitSize={portraitSizes.brokerHeader} />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-2">
        <p className="font-medium">{`${page.totalCount.toLocaleString('en-US')} ${page.totalCount === 1 ? 'result' : 'results'}`}</p>
        {page.profileHref ? (
          <a href={page.profileHref} className="font-semibold text-brand underline">
            {`About ${page.broker.name}`}
          </a>
        ) : null}
        {page.searchHref ? (
          <a href={page.searchHref} className="font-semibold text-brand underline">
            Filter and sort these properties
          </a>
        ) : null}
      </div>
      <section aria-label="Results">
        {page.listings.length > 0 ? (
          <BrokerListingGrid listings={page.listings} likedListingIds={page.likedListingIds} headingLevel={2} />
        ) : (
          <p className="mt-4">No properties for sale on this site right now.</p>
        )}
        <Pagination {...page.pagination} />
      </section>
      <JsonLd
        graph={[
          breadcrumbList(page.breadcrumbs, absolute),
          {
            '@type': 'ItemList',
            itemListElement: page.listings.map((listing, index) => ({ '@type': 'ListItem', position: index + 1, url: absolute(listing.href), name: listing.title })),
          },
        ]}
      />
    </div>
  )
}
