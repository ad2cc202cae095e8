import type { BrokerCardData } from './page.server'
import { formatAcres, formatCompactCurrency } from '~/utils/format'
import { BrokerPortrait } from '~/components/broker-portrait'
import { portraitSizes } from '~/utils/image-renditions'

/** A broker in the directory: the name links to their page, stretched over the whole card. */
export function BrokerCard({ broker }: { broker: BrokerCardData }) {
  return (
    <article className="group relative flex h-full items-start gap-4 rounded-xl border border-stone-200 bg-white p-4 text-ink shadow-sm transition-shadow hover:shadow-md">
      <BrokerPortrait documentId={broker.portraitDocumentId} name={broker.name} size={portraitSizes.brokerCard} className="h-16 w-16" />
      <div className="min-w-0 text-sm">
        <h2 className="text-base font-semibold leading-snug">
          <a href={broker.href} className="after:absolute after:inset-0 group-hover:text-brand group-hover:underline">
            {broker.name}
          </a>
        </h2>
        {broker.companyName ? <p className="truncate text-stone-700">{broker.companyName}</p> : null}
        <p className="mt-1 text-stone-600">{[broker.typeLabel, broker.place].filter(Boolean).join(' · ')}</p>
        <p className="mt-1 font-medium">{`${broker.listingCount} ${broker.listingCount === 1 ? 'listing' : 'listings'} · ${formatAcres(broker.totalAcres)}`}</p>
        {broker.maxPrice !== null ? <p className="text-stone-600">{`Priced up to ${formatCompactCurrency(broker.maxPrice)}`}</p> : null}
      </div>
    </article>
  )
}
