import { resizedImagePath } from '~/models/document-ids'
import type { ListingBroker } from '~/models/listing-summary'
import { MessageIcon, PhoneIcon } from './icons'

const portraitSize = 48

/** Spec §2: paid listings show who sells them; the name is text, so the portrait is decorative. */
export function ListingCardBroker({ broker }: { broker: ListingBroker }) {
  const name = brokerDisplayName(broker)
  return (
    <div className="flex min-w-0 items-center gap-3">
      {broker.portraitDocumentId != null ? (
        <img
          src={resizedImagePath(broker.portraitDocumentId, { width: portraitSize, height: portraitSize, fit: 'cover' })}
          srcSet={`${resizedImagePath(broker.portraitDocumentId, { width: portraitSize * 2, height: portraitSize * 2, fit: 'cover' })} 2x`}
          width={portraitSize}
          height={portraitSize}
          alt=""
          loading="lazy"
          decoding="async"
          className="h-12 w-12 shrink-0 rounded-full bg-stone-200 object-cover"
        />
      ) : (
        <span aria-hidden="true" className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-stone-200 font-semibold text-stone-700">
          {initials(name)}
        </span>
      )}
      <p className="min-w-0 text-sm leading-snug">
        <span className="block truncate font-semibold">{name}</span>
        {broker.contactName && broker.companyName ? <span className="block truncate text-stone-600">{broker.companyName}</span> : null}
      </p>
    </div>
  )
}

/** The contact's name, else the company's. */
export function brokerDisplayName(broker: Pick<ListingBroker, 'contactName' | 'companyName'>) {
  return broker.contactName || broker.companyName
}

/** A tap-to-call link: digits and a leading + only, as dialers expect. */
export function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('')
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
