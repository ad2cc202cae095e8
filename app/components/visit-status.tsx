import type { VisitRequestTable } from '~/models/db/db-schema'

/** Where a visit request stands, in a sentence for the buyer's page or the seller's inbox. */
export function visitStatusText(
  visit: { status: VisitRequestTable['status']; cancelledBy: 'buyer' | 'seller' | null; counterLabel: string | null; agreedLabel: string | null },
  reader: 'buyer' | 'seller',
) {
  switch (visit.status) {
    case 'requested':
      return reader === 'buyer' ? 'Your request is with the seller.' : 'Waiting for your answer.'
    case 'countered':
      return reader === 'buyer' ? `The seller proposes ${visit.counterLabel}.` : `You proposed ${visit.counterLabel}; waiting for the buyer.`
    case 'agreed':
      return `Visit agreed: ${visit.agreedLabel}.`
    case 'cancelled':
      return visit.cancelledBy === reader ? 'You cancelled this visit.' : `The ${reader === 'buyer' ? 'seller' : 'buyer'} cancelled this visit.`
  }
}
