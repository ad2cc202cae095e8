import { isVacantLand } from '~/models/listings/listing-rules'

/**
 * The scam screen (issue 38 item 1): what a listing from the sellers' tool (and, lighter, a feed)
 * shows of seller impersonation — the fraud where someone lists vacant land they do not own,
 * copies a real listing's photos and words, asks a bargain price and wants money fast. Each signal
 * has a stable code and a weight; at or past `holdThreshold` the listing waits for an
 * administrator. Pure: the writes and the bench call it alike; the seller is never told which
 * signals fired (decision 0068).
 */

export const scamSignalCodes = [
  'NEW_ACCOUNT',
  'OWNER_SELLER',
  'VACANT_LAND',
  'PRICE_FAR_BELOW_COMPARABLES',
  'CONTACT_DIFFERS_FROM_ACCOUNT',
  'URGENT_PAYMENT_WORDS',
  'PHOTO_COPIED_FROM_ANOTHER_ACCOUNT',
  'TEXT_COPIED_FROM_ANOTHER_ACCOUNT',
] as const
export type ScamSignalCode = (typeof scamSignalCodes)[number]
/** What a review lists: the screen's signals, and buyers' scam reports past their threshold (scam-reports.server.ts). */
export const reviewSignalCodes = [...scamSignalCodes, 'SCAM_REPORTS'] as const
export type ReviewSignalCode = (typeof reviewSignalCodes)[number]

/** What each signal means, for the administrators' review (sellers never read them). */
export const scamSignalTexts: Record<ReviewSignalCode, string> = {
  NEW_ACCOUNT: 'The account is less than 30 days old.',
  OWNER_SELLER: 'The seller is a property owner, not a licensed broker.',
  VACANT_LAND: 'Vacant land: no house, cabin or other home on it.',
  PRICE_FAR_BELOW_COMPARABLES: 'The price per acre is under half the median of comparable land.',
  CONTACT_DIFFERS_FROM_ACCOUNT: 'The listing gives a phone number that is not the account’s.',
  URGENT_PAYMENT_WORDS: 'The description presses for fast or untraceable payment (wire, gift cards, crypto, cash only, must sell today).',
  PHOTO_COPIED_FROM_ANOTHER_ACCOUNT: 'A photo is a copy (re-cropped or re-compressed) of another account’s or partner’s listing photo.',
  TEXT_COPIED_FROM_ANOTHER_ACCOUNT: 'The description is a near copy of another account’s or partner’s listing.',
  SCAM_REPORTS: 'Several buyers reported the listing as a scam.',
}

/**
 * What each signal weighs. Alone, the context signals (a new owner selling vacant land) describe
 * many honest sellers and never hold a listing; a copy of another account's photos or words, or
 * payment pressure, is what impersonation looks like, and with any context it holds.
 */
export const scamSignalWeights: Record<ScamSignalCode, number> = {
  NEW_ACCOUNT: 1,
  OWNER_SELLER: 1,
  VACANT_LAND: 1,
  PRICE_FAR_BELOW_COMPARABLES: 2,
  CONTACT_DIFFERS_FROM_ACCOUNT: 1,
  URGENT_PAYMENT_WORDS: 3,
  PHOTO_COPIED_FROM_ANOTHER_ACCOUNT: 4,
  TEXT_COPIED_FROM_ANOTHER_ACCOUNT: 4,
}

/** A listing whose signals weigh this much or more waits for an administrator. */
export const holdThreshold = 5

/** An account younger than this is new. */
export const newAccountDays = 30
/** A price per acre under this share of the comparable land's median is far below it. */
export const farBelowShare = 0.5
/** Another account's description at or past this estimated similarity is a copy. */
export const copiedTextSimilarity = 0.6
/** Another account's photo within this many bits of difference hash is a copy (measured: decision 0068). */
export const copiedPhotoBits = 9

/** Words of payment pressure: how impersonators steer a buyer away from title companies and escrow. */
const urgentPaymentPatterns = [
  /\bwire\b/i,
  /\bwire transfer\b/i,
  /\bgift ?cards?\b/i,
  /\b(crypto|bitcoin|btc|usdt|ethereum)\b/i,
  /\bcash only\b/i,
  /\bmust sell (today|now|this week|immediately|fast)\b/i,
  /\b(zelle|venmo|cash ?app|western union|moneygram)\b/i,
  /\bno (title company|escrow|closing agent)\b/i,
]

/** The description's words of payment pressure (bounded: the description is bounded before it gets here). */
export const hasUrgentPaymentWords = (text: string) => urgentPaymentPatterns.some((pattern) => pattern.test(text))

/** What the screen reads of a listing and its seller; each look-up (copies, comparables) is done by the caller. */
export interface ScamScreenInput {
  accountAgeDays: number
  isLicensedBroker: boolean
  /** The listing's property type and amenity bits: whether it is vacant land is listing-rules' `isVacantLand`. */
  propertyTypes: number
  amenities: number
  /** The listing's price per acre over the comparable land's median (price context); null without one. */
  priceToComparables: number | null
  contactDiffersFromAccount: boolean
  description: string
  /** The nearest other account's photo, in bits of difference; null when none is near. */
  nearestCopiedPhotoBits: number | null
  /** The most similar other account's description (estimated Jaccard); null when none is near. */
  mostSimilarOtherText: number | null
}

export interface ScamVerdict {
  signals: ScamSignalCode[]
  score: number
  isHeld: boolean
}

/** What the listing itself shows, whoever sent it: a bargain price, payment pressure, copies of another owner's photos or words. */
type ListingEvidence = Pick<ScamScreenInput, 'priceToComparables' | 'description' | 'nearestCopiedPhotoBits' | 'mostSimilarOtherText'>

const listingSignalsOf = (input: ListingEvidence) => ({
  PRICE_FAR_BELOW_COMPARABLES: input.priceToComparables !== null && input.priceToComparables < farBelowShare,
  URGENT_PAYMENT_WORDS: hasUrgentPaymentWords(input.description),
  PHOTO_COPIED_FROM_ANOTHER_ACCOUNT: input.nearestCopiedPhotoBits !== null && input.nearestCopiedPhotoBits <= copiedPhotoBits,
  TEXT_COPIED_FROM_ANOTHER_ACCOUNT: input.mostSimilarOtherText !== null && input.mostSimilarOtherText >= copiedTextSimilarity,
})

function verdictOf(fired: Partial<Record<ScamSignalCode, boolean>>): ScamVerdict {
  const signals = scamSignalCodes.filter((code) => fired[code])
  const score = signals.reduce((sum, code) => sum + scamSignalWeights[code], 0)
  return { signals, score, isHeld: score >= holdThreshold }
}

export function screenForScam(input: ScamScreenInput): ScamVerdict {
  return verdictOf({
    NEW_ACCOUNT: input.accountAgeDays < newAccountDays,
    OWNER_SELLER: !input.isLicensedBroker,
    VACANT_LAND: isVacantLand(input),
    CONTACT_DIFFERS_FROM_ACCOUNT: input.contactDiffersFromAccount,
    ...listingSignalsOf(input),
  })
}

/**
 * The feeds' lighter screen: a partner is a known business under contract, so neither an account's
 * age and kind nor the land's (vacant) count; a bargain price with payment pressure, or a copy of
 * another owner's photos or words with either, holds the record (decision 0068).
 */
export const screenFeedRecordForScam = (input: ListingEvidence) => verdictOf(listingSignalsOf(input))
