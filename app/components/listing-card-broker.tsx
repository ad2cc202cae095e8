import type { ListingBroker } from '~/models/listing-summary'
import { brokerDisplayName } from '~/utils/format'
import { BrokerPortrait } from './broker-portrait'
import { MessageIcon, PhoneIcon } from './icons'

const portraitSize = 48

/**
 * Spec §2: paid listings show who sells them; the name links to the broker's page (above the
 * card's stretched title link), so the portrait is decorative. The link is spec §2's
 * /propertylink/{brokerId}, which leads to the broker's page on whichever site shows the card.
 */
export function ListingCardBroker({ broker }: { broker: ListingBroker }) {
  const name = brokerDisplayName(broker)
  return (
    <div className="flex min-w-0 items-center gap-3">
      <BrokerPortrait documentId={broker.portraitDocumentId} name={name} size={portraitSize} className="h-12 w-12" />
      <p className="min-w-0 text-sm leading-snug">
        <a href={`/propertylink/${broker.accountId}`} className="relative z-10 block truncate font-semibold hover:text-brand hover:underline">
          {name}
        </a>
        {broker.contactName && broker.companyName ? <span className="block truncate text-stone-600">{broker.companyName}</span> : null}
      </p>
    </div>
  )
}

/** A tap-to-call link: digits and a leading + only, as dialers expect. */
export function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}

const actionClass =
  'relative z-10 inline-flex flex-1 items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold'

/** Spec §2: diamond results on search pages offer 'Call' and 'Message' under the broker block. */
export function ListingCardBrokerActions({ broker, contactHref }: { broker: ListingBroker; contactHref: string }) {
  const name = brokerDisplayName(broker)
  return (
    <div className="flex gap-2">
      {broker.phone ? (
        <a href={telHref(broker.phone)} className={`${actionClass} border border-brand text-brand hover:bg-brand/5`}>
          <PhoneIcon className="h-4 w-4" />
          Call<span className="sr-only"> {name}</span>
        </a>
      ) : null}
      <a href={contactHref} className={`${actionClass} bg-brand text-brand-contrast hover:bg-brand/90`}>
        <MessageIcon className="h-4 w-4" />
        Message<span className="sr-only"> {name}</span>
      </a>
    </div>
  )
}
