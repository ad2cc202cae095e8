import { type SalesProvenance, salesProvenanceSentence } from '~/models/listings/sale-price-source'

/** On which kind of sales the figures beside it rest (issue 36 item 1): a note, none without sales. */
export function SalesProvenanceNote({ provenance, className }: { provenance: SalesProvenance; className?: string }) {
  const sentence = salesProvenanceSentence(provenance)
  return sentence ? <p className={`max-w-3xl rounded-md border border-ink/15 bg-white p-4 font-medium ${className ?? ''}`}>{sentence}</p> : null
}
