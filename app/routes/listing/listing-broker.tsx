import { certificationLabels } from '~/models/brokers/broker-directory'
import type { ListingDetailBroker } from '~/models/listings/listing-detail'
import { brokerPagePath } from '~/models/brokers/broker-path'
import { brokerDisplayName } from '~/utils/format'
import { useSite } from '~/hooks/use-site'
import { Accreditations, BrokerLogo, ContactSection } from '~/components/broker-parts'
import { BrokerPortrait } from '~/components/broker-portrait'
import { telHref } from '~/utils/tel-href'
import { reportListingEvent } from '~/browser/listing-event-beacon'
import { portraitSizes } from '~/utils/image-renditions'
import { SellerReplyTime } from '~/components/seller-reply-time'

/** Spec §3 'phone click', told to the server as the call starts. */
const reportPhoneClick = (listingId: number) => () => reportListingEvent(listingId, 'phone-click')

/**
 * Who sells a paid listing (spec §2 "Broker block"): portrait, logo, name (a link to the broker's
 * page), company, licence and ALC accreditations. `canContact` (spec §4: not for sold or
 * off-market listings) adds the contact section; without it the phone is still there as plain
 * information.
 */
export function ListingBroker({ broker, canContact, listingId }: { broker: ListingDetailBroker; canContact: boolean; listingId: number }) {
  const name = brokerDisplayName(broker)
  const href = brokerPagePath(useSite(), { id: broker.accountId, contactName: broker.contactName, companyName: broker.companyName })
  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 className="text-xs font-semibold uppercase tracking-wide text-stone-600">Listed by</h2>
      <div className="mt-3 flex items-center gap-4">
        <BrokerPortrait documentId={broker.portraitDocumentId} name={name} size={portraitSizes.brokerHeader} className="h-[72px] w-[72px]" />
        <div className="min-w-0">
          <p className="text-lg font-semibold leading-snug text-stone-900">
            {href ? (
              <a href={href} className="hover:text-brand hover:underline">
                {name}
              </a>
            ) : (
              name
            )}
          </p>
          {broker.contactName && broker.companyName ? <p className="text-sm text-stone-700">{broker.companyName}</p> : null}
          {broker.licenseNumber ? <p className="mt-1 text-xs text-stone-600">License #{broker.licenseNumber}</p> : null}
          <SellerReplyTime withinHours={broker.replyWithinHours} />
        </div>
      </div>
      <BrokerLogo documentId={broker.logoDocumentId} companyName={broker.companyName} className="mt-4" />
      <Accreditations labels={certificationLabels(broker)} />
      {canContact ? (
        <ContactSection name={name} phone={broker.phone} messageLabel="Contact Seller" onCall={reportPhoneClick(listingId)} />
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
