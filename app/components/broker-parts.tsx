import { resizedImagePath } from '~/models/media/document-ids'
import { fixedRenditions } from '~/utils/image-renditions'
import { listingFormSectionIds } from '~/models/listings/listing-form-ids'
import { EnvelopeIcon, PhoneIcon } from './icons'
import { telHref } from '~/utils/tel-href'

/** The broker's company logo, fitted inside a 160×48 box (rendered at 2x). */
export function BrokerLogo({ documentId, companyName, className = '' }: { documentId: number | null; companyName: string; className?: string }) {
  if (documentId === null) return null
  return (
    <img
      src={resizedImagePath(documentId, fixedRenditions.brokerLogo)}
      // WebP for every browser that reads a srcset (half the JPEG's bytes); the JPEG for one that does not.
      srcSet={`${resizedImagePath(documentId, fixedRenditions.brokerLogoWebp)} 1x`}
      width={160}
      height={48}
      alt={`${companyName} logo`}
      loading="lazy"
      decoding="async"
      className={`h-12 w-auto max-w-[10rem] object-contain ${className}`}
    />
  )
}

/** Spec §3 ALC accreditations as badges. */
export function Accreditations({ labels }: { labels: string[] }) {
  if (labels.length === 0) return null
  return (
    <ul className="mt-4 flex flex-wrap gap-2" aria-label="Accreditations">
      {labels.map((label) => (
        <li key={label} className="rounded-full border border-amber-600 bg-amber-50 px-3 py-1 text-xs font-semibold text-amber-900">
          {label}
        </li>
      ))}
    </ul>
  )
}

/**
 * Where a buyer reaches the seller: the message form (a modal opened by a link to its section,
 * spec §2 'Contact Seller') and the phone. `onCall` reports the call where spec §3 has an event for it.
 */
export function ContactSection({ name, phone, messageLabel, onCall }: { name: string; phone: string | null; messageLabel: string; onCall?: () => void }) {
  return (
    <section id="contact" aria-labelledby="contact-heading" className="mt-5 border-t border-stone-200 pt-5">
      <h2 id="contact-heading" className="font-semibold text-stone-900">{`Contact ${name}`}</h2>
      <a
        href={`#${listingFormSectionIds.contact}`}
        className="mt-3 flex w-full items-center justify-center gap-2 rounded-lg bg-accent px-4 py-3 font-semibold text-white hover:brightness-110"
      >
        <EnvelopeIcon className="h-5 w-5" />
        {messageLabel}
      </a>
      {phone ? (
        <a
          href={telHref(phone)}
          onClick={onCall}
          className="mt-3 flex w-full items-center justify-center gap-2 rounded-lg bg-brand px-4 py-3 font-semibold text-brand-contrast hover:bg-brand/90"
        >
          <PhoneIcon className="h-5 w-5" />
          {`Call ${phone}`}
        </a>
      ) : null}
    </section>
  )
}
