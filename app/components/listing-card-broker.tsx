import type { ListingCardBroker as Broker } from '~/models/listings/listing-card'
import { telHref } from '~/utils/tel-href'
import { BrokerPortrait } from './broker-portrait'
import { MessageIcon, PhoneIcon } from './icons'
import { portraitSizes } from '~/utils/image-renditions'

/**
 * Spec §2: paid listings show who sells them; the name links straight to the broker's page on
 * this site (above the card's stretched title link), so the portrait is decorative. A site
 * without broker pages shows the name alone.
 */
export function ListingCardBroker({ broker }: { broker: Broker }) {
  return (
    <div className="card-broker">
      <BrokerPortrait documentId={broker.portraitDocumentId} name={broker.name} size={portraitSizes.listingCard} className="h-12 w-12" />
      <p className="min-w-0 text-sm leading-snug">
        {broker.href ? (
          <a href={broker.href} className="card-broker-name">
            {broker.name}
          </a>
        ) : (
          <span className="card-broker-name">{broker.name}</span>
        )}
        {broker.company ? <span className="block truncate text-stone-600">{broker.company}</span> : null}
        {broker.replyTime ? <span className="block truncate font-medium text-green-900">{broker.replyTime}</span> : null}
      </p>
    </div>
  )
}

/** Spec §2: diamond results on search pages offer 'Call' and 'Message' under the broker block. */
export function ListingCardBrokerActions({ broker, contactHref }: { broker: Broker; contactHref: string }) {
  return (
    <div className="flex w-full gap-2">
      {broker.phone ? (
        <a href={telHref(broker.phone)} className="card-action card-call">
          <PhoneIcon className="h-4 w-4" />
          Call<span className="sr-only">{` ${broker.name}`}</span>
        </a>
      ) : null}
      <a href={contactHref} className="card-action card-message">
        <MessageIcon className="h-4 w-4" />
        Message<span className="sr-only">{` ${broker.name}`}</span>
      </a>
    </div>
  )
}
