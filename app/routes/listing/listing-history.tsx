import type { ListingHistoryView } from '~/models/trust/listing-history'

/**
 * Issue 19: whether the listing is still confirmed, the sellers who also list this land, and its
 * history as a timeline, newest first, with the days on the market. Server-drawn text, no script.
 */
export function ListingHistory({ history }: { history: ListingHistoryView }) {
  const days = history.daysOnMarket
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading" className="text-xl font-bold text-stone-900">
        Listing history
      </h2>
      {history.unconfirmed ? <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 font-semibold text-amber-950">{history.unconfirmed}</p> : null}
      {history.alsoListedBy.length > 0 ? (
        <p className="mt-3">
          {'Also listed by '}
          {history.alsoListedBy.map((seller, index) => (
            <span key={`${seller.sellerName}-${index}`}>
              {index > 0 ? ', ' : null}
              {seller.href ? (
                <a href={seller.href} className="font-semibold text-brand underline">
                  {seller.sellerName}
                </a>
              ) : (
                seller.sellerName
              )}
            </span>
          ))}
        </p>
      ) : null}
      <p className="mt-3 text-stone-700">{`${days.toLocaleString('en-US')} ${days === 1 ? 'day' : 'days'} on the market`}</p>
      {history.events.length > 0 ? (
        <ol className="mt-3 border-l-2 border-stone-300 pl-4">
          {history.events.map((event, index) => (
            <li key={index} className="py-1.5">
              <time dateTime={event.dateTime} className="text-sm text-stone-600">
                {event.date}
              </time>{' '}
              <span className="font-semibold text-stone-900">{event.label}</span>
              {event.detail ? <span className="text-stone-800">{` · ${event.detail}`}</span> : null}
              {event.href ? (
                <>
                  {' · '}
                  <a href={event.href} className="text-brand underline">
                    Earlier listing
                  </a>
                </>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  )
}
