import { maxDescriptionLength, maxTitleLength } from '~/models/feeds/feed-fields'
import { videoEmbedUrl } from '~/models/listings/listing-media'
import { activityOptions, propertyTypeOptions } from '~/models/search/search-options'
import {
  type Rule,
  TextFlag,
  fieldConstraints,
  maxLength,
  maxValue,
  minValue,
  numeric,
  phoneFormat,
  required,
  textFlags,
  validateFields,
} from '~/models/forms/validation'
import type { DraftStepKey, ListingDraftData } from './listing-draft'

/**
 * The fields of each step of the sellers' listing form (issue 15) and their checks: spec §5 rules
 * and messages where the spec has them, our own plain-words messages where it does not. Checks run
 * on the draft as saved, so a step saved with a mistake keeps what was typed and shows the
 * message until it is fixed. Pure module: the pages draw the constraints from it.
 */

/** One bit each (the search's combined choices, waterfront or farms and ranches, are not offered). */
export const draftPropertyTypeOptions = propertyTypeOptions.filter((option) => (option.bits & (option.bits - 1)) === 0)
export const draftActivityOptions = activityOptions
export const houseTypeKey = 'homes'

const whole =
  (message: string): Rule =>
  (value) =>
    value === undefined || value === '' || /^\d+$/.test(String(value).trim()) ? undefined : message
const wholeNumberMessage = 'Please enter a whole number.'
const wholeDollarsMessage = 'Please enter the price in whole dollars, without cents.'
/** A negative price was once told to drop its cents. */
const positivePriceMessage = 'Please enter a price above $0.'
const zipMessage = 'Please enter a five-digit zip code.'
const contactInTextMessage = (what: string) => `Please leave links, e-mail addresses and HTML out of the ${what}: buyers contact you through the listing.`
const videoMessage = 'Please enter the address of a YouTube or Vimeo video.'
/** The spec has no message for a web address; this one says what is wanted. */
const httpsAddressMessage = 'Please enter a web address that starts with https://.'

const isHttpsUrl = (value: string) => {
  try {
    return new URL(value).protocol === 'https:'
  } catch {
    return false
  }
}
const rule =
  (message: string, isValid: (text: string) => boolean): Rule =>
  (value) =>
    value === undefined || String(value).trim() === '' || isValid(String(value).trim()) ? undefined : message

export const draftFieldRules = {
  place: {
    state: [required()],
    county: [required(), maxLength(100)],
    city: [maxLength(100)],
    zip: [rule(zipMessage, (text) => /^\d{5}$/.test(text))],
    address: [maxLength(200)],
    latitude: [numeric(), minValue(-90), maxValue(90)],
    longitude: [numeric(), minValue(-180), maxValue(180)],
  },
  price: {
    acres: [required(), numeric(), minValue(0.01), maxValue(1_000_000)],
    saleType: [required()],
    price: [numeric(), rule(positivePriceMessage, (text) => Number(text) > 0), whole(wholeDollarsMessage), minValue(3), maxValue(10_000_000_000)],
    contactForPrice: [],
  },
  features: {
    propertyTypes: [required()],
    activities: [],
    beds: [numeric(), whole(wholeNumberMessage), minValue(0), maxValue(100)],
    baths: [numeric(), minValue(0), maxValue(100)],
    homeSquareFeet: [numeric(), whole(wholeNumberMessage), minValue(100), maxValue(100_000)],
    mineralRights: [],
    ownerFinancing: [],
  },
  description: {
    title: [required(), maxLength(maxTitleLength), textFlags(TextFlag.noHtml | TextFlag.noUrl | TextFlag.noEmail, contactInTextMessage('title'))],
    description: [required(), maxLength(maxDescriptionLength), textFlags(TextFlag.noHtml | TextFlag.noUrl | TextFlag.noEmail, contactInTextMessage('description'))],
    videoUrl: [maxLength(500), rule(videoMessage, (text) => videoEmbedUrl(text) !== undefined)],
    virtualTourUrl: [maxLength(500), rule(httpsAddressMessage, isHttpsUrl)],
    // Spec §3 external link types: the listing on the seller's own site, and an auction's page.
    externalListingUrl: [maxLength(500), rule(httpsAddressMessage, isHttpsUrl)],
    auctionUrl: [maxLength(500), rule(httpsAddressMessage, isHttpsUrl)],
    contactPhone: [phoneFormat(), maxLength(30)],
  },
} satisfies Partial<Record<DraftStepKey, Record<string, readonly Rule[]>>>

export type FormStepKey = keyof typeof draftFieldRules

export const draftFormConstraints = {
  place: fieldConstraints(draftFieldRules.place),
  price: fieldConstraints(draftFieldRules.price),
  features: fieldConstraints(draftFieldRules.features),
  description: fieldConstraints(draftFieldRules.description),
}

export type DraftErrors = Partial<Record<string, string[]>>

export type DraftFieldRules = { [Step in FormStepKey]: Record<keyof (typeof draftFieldRules)[Step], readonly Rule[]> }

/**
 * The step's messages for the draft as saved, one per failing field; empty when the step is
 * complete. The server passes its own `rules` (`draftFieldRulesOnServer`: the phone's numbering too).
 */
export function checkDraftStep(
  step: FormStepKey,
  data: ListingDraftData,
  stateAbbreviations: ReadonlySet<string>,
  rules: DraftFieldRules = draftFieldRules,
): DraftErrors {
  const found: Partial<Record<string, string>> = validateFields(data as Record<string, unknown>, rules[step] as Record<string, readonly Rule[]>)
  if (step === 'place') {
    if (!found.state && data.state && !stateAbbreviations.has(data.state)) found.state = 'Please choose a state from the list.'
    const hasLatitude = Boolean(data.latitude?.trim())
    if (hasLatitude !== Boolean(data.longitude?.trim())) found[hasLatitude ? 'longitude' : 'latitude'] = 'Please give both latitude and longitude, or neither.'
  }
  if (step === 'price') {
    if (!found.saleType && data.saleType && !['sale', 'auction'].includes(data.saleType)) found.saleType = 'Please choose a sale or an auction.'
    const isContactForPrice = data.contactForPrice === 'on'
    if (!found.price && data.saleType === 'sale' && !isContactForPrice && !data.price?.trim()) {
      found.price = "This field is required. Or tick 'Contact for Price' to show no price."
    }
    if (!found.price && isContactForPrice && data.price?.trim()) found.price = "Leave the price empty for 'Contact for Price', or untick it."
  }
  if (step === 'features' && data.propertyTypes?.includes(houseTypeKey)) {
    for (const field of ['beds', 'baths'] as const) if (!found[field] && !data[field]?.trim()) found[field] = 'This field is required for a listing with a house.'
  }
  return Object.fromEntries(Object.entries(found).map(([field, message]) => [field, [message!]]))
}
