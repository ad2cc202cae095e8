/**
 * Which land professionals receive a buyer's Lands Connector request (issue 17 item 2; decision
 * 0020). A professional is an account that opted in to lead targeting (spec §3 `optInLeadTargeting`)
 * and serves one of the request's places: it has active listings there, or its office is there.
 * At most `recipientsPerRequest` receive one request, over its whole life (an edit that adds
 * places reaches new professionals only while the request has fewer): those with the most active
 * listings in the places first, and among equals the one that received a request longest ago (or
 * never), so equal professionals take turns; the account id settles the rest.
 */
export const recipientsPerRequest = 5

export interface TargetCandidate {
  accountId: number
  /** Active listings (available or under contract) in the request's places; 0 for an office there without any. */
  listingCount: number
  /** When the account last received a Lands Connector request (ISO); null if never. */
  lastRequestLeadAt: string | null
}

function byTurn(a: TargetCandidate, b: TargetCandidate) {
  if (a.lastRequestLeadAt === b.lastRequestLeadAt) return 0
  if (a.lastRequestLeadAt === null) return -1
  if (b.lastRequestLeadAt === null) return 1
  return a.lastRequestLeadAt < b.lastRequestLeadAt ? -1 : 1
}

/** The candidates that receive the request, best first, at most `limit` of them. */
export function chooseRecipients(candidates: readonly TargetCandidate[], limit: number): TargetCandidate[] {
  if (limit <= 0) return []
  return [...candidates].sort((a, b) => b.listingCount - a.listingCount || byTurn(a, b) || a.accountId - b.accountId).slice(0, limit)
}
