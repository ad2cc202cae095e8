import { resizedImagePath } from '~/models/document-ids'
import type { ListingDetailBroker } from '~/models/listing-detail'
import { listingFormSectionIds } from '~/models/listing-forms'
import { EnvelopeIcon, PhoneIcon } from './icons'
import { brokerDisplayName, telHref } from './listing-card-broker'

/**
 * Spec §3 'phone click': told to the server in the background as the call starts (a beacon
 * survives the page handing over to the dialer). Without scripts the call simply goes through.
 */
const reportPhoneClick = (listingId: number) => () => {
  navigator.sendBeacon?.('/api/events', new URLSearchParams({ listingId: String(listingId), event: 'phone-click' }))
}

const portraitSize = 72

/**
 * Who sells a paid listing (spec §2 "Broker block"): portrait, logo, name, company, licence and
 * ALC accreditations. `canContact` (spec §4: not for sold or off-market listings) adds the contact
 * section; without it the phone is still there as plain information.
 */
export function ListingBroker({ broker, canContact, listingId }: { broker: ListingDetailBroker; canContact: boolean; listingId: number }) {
  const name = brokerDisplayName(broker)
  const accreditations = [broker.alcCertified ? 'ALC Certified' : '', broker.alcAdvancedCertified ? 'ALC Advanced Certified' : ''].filter(Boolean)
  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 className="text-xs font-semibold uppercase tracking-wide text-stone-600">Listed by</h2>
      <div className="mt-3 flex items-center gap-4">
        {broker.portraitDocumentId != null ? (
          <img
            src={resizedImagePath(broker.portraitDocumentId, { width: portraitSize, height: portraitSize })}
            srcSet={`${resizedImagePath(broker.portraitDocumentId, { width: portraitSize * 2, height: portraitSize * 2 })} 2x`}
            width={portraitSize}
            height={portraitSize}
            alt=""
            loading="lazy"
            decoding="async"
            className="h-[72px] w-[72px] shrink-0 rounded-full bg-stone-200 object-cover"
          />
        ) : null}
        <div className="min-w-0">
          <p className="text-lg font-semibold leading-snug text-stone-900">{name}</p>
          {broker.contactName && broker.companyName ? <p className="text-sm text-stone-700">{broker.companyName}</p> : null}
          {broker.licenseNumber ? <p className="mt-1 text-xs text-stone-600">License #{broker.licenseNumber}</p> : null}
        </div>
      </div>
      {broker.logoDocumentId != null ? (
        <img
          src={resizedImagePath(broker.logoDocumentId, { width: 320, height: 96, fit: 'inside' })}
          width={160}
          height={48}
          alt={`${broker.companyName} logo`}
          loading="lazy"
          decoding="async"
          className="mt-4 h-12 w-auto max-w-[10rem] object-contain"
        />
      ) : null}
      {accreditations.length > 0 ? (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label="Accreditations">
          {accreditations.map((label) => (
            <li key={label} className="rounded-full border border-amber-600 bg-amber-50 px-3 py-1 text-xs font-semibold text-amber-900">
              {label}
            </li>
          ))}
        </ul>
      ) : null}
      {canContact ? (
        <ContactSection name={name} phone={broker.phone} listingId={listingId} />
      ) : broker.phone ? (
        <p className="mt-4 text-sm">
          <a href={telHref(broker.phone)} onClick={reportPhoneClick(listingId)} className="font-semibold text-brand underline">
            {broker.phone}
          </a>
        </p>
      ) : null}
    </div>
  )
}

/**
 * Where a buyer reaches the seller: the message form (a modal opened by a link to its section,
 * spec §2 'Contact Seller') and the phone.
 */
function ContactSection({ name, phone, listingId }: { name: string; phone: string | null; listingId: number }) {
  return (
    <section id="contact" aria-labelledby="contact-heading" className="mt-5 border-t border-stone-200 pt-5">
      <h2 id="contact-heading" className="font-semibold text-stone-900">Contact {name}</h2>
      <a
        href={`#${listingFormSectionIds.contact}`}
        className="mt-3 flex w-full items-center justify-center gap-2 rounded-lg bg-accent px-4 py-3 font-semibold text-white hover:brightness-110"
      >
        <EnvelopeIcon className="h-5 w-5" />
        Contact Seller
      </a>
      {phone ? (
        <a
          href={telHref(phone)}
          onClick={reportPhoneClick(listingId)}
          className="mt-3 flex w-full items-center justify-center gap-2 rounded-lg bg-brand px-4 py-3 font-semibold text-brand-contrast hover:bg-brand/90"
        >
          <PhoneIcon className="h-5 w-5" />
          Call {phone}
        </a>
      ) : null}
    </section>
  )
}
