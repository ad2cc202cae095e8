import { parse as parseHtml } from 'node-html-parser'
import { emailFormat, phoneFormat } from '~/models/forms/validation'
import { saleType as saleTypes } from '~/models/listings/enumerations'
import { squareFeetPerAcre } from '~/models/listings/listing-quality.server'
import { feedActivities, feedFields, feedPropertyTypes, feedSaleTypes, feedStatuses, maxDescriptionLength, maxPhotosPerListing, maxTitleLength } from './feed-fields'
import type { FeedPhoto, RawFeedRecord } from './feed-reader.server'
import type { RecordReason } from './feed-reasons'

/**
 * The first half of the listing-quality gate: one raw feed record checked on its own, without the
 * database. Required fields and allowed values reject; markup, over-long text, bad contacts,
 * surplus photos and a size in square feet are fixed and reported.
 */

export interface FeedListing {
  partnerListingId: string
  status: number
  saleType: number
  title: string
  description: string
  price: number
  acres: number
  address: string | null
  city: string | null
  county: string
  stateAbbreviation: string
  zip: string | null
  latitude: number | null
  longitude: number | null
  propertyTypes: number
  activities: number
  beds: number | null
  baths: number | null
  homeSquareFeet: number | null
  mineralRights: boolean
  ownerFinancing: boolean
  videoUrl: string | null
  virtualTourUrl: string | null
  externalListingUrl: string | null
  auctionUrl: string | null
  salesPrice: number | null
  salesDate: string | null
  contactName: string | null
  contactPhone: string | null
  contactEmail: string | null
  photos: FeedPhoto[]
}

export type CheckedRecord = { listing: FeedListing; reasons: RecordReason[] } | { listing: undefined; reasons: RecordReason[] }

const maxLengthOf = new Map(feedFields.flatMap((field) => (field.maxLength ? [[field.name, field.maxLength] as const] : [])))

/** Text without markup: script and style dropped with their content, entities decoded, blocks on their own lines. */
function plainText(text: string) {
  if (!/[<&]/.test(text)) return text
  const root = parseHtml(text)
  for (const element of root.querySelectorAll('script, style, noscript, template, iframe, object')) element.remove()
  return root.structuredText
}

/** Cut at the last word boundary before `limit` characters. */
function shortened(text: string, limit: number) {
  if (text.length <= limit) return text
  const cut = text.slice(0, limit)
  const lastSpace = cut.search(/\s\S*$/)
  return (lastSpace > limit * 0.8 ? cut.slice(0, lastSpace) : cut).trimEnd()
}

// Thousands separators are allowed ('1,250,000'); a sign only where `signed` is asked for.
const decimalPattern = /^-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/
const parseDecimal = (text: string) => (decimalPattern.test(text) ? Number(text.replaceAll(',', '')) : undefined)
const squareFeetPattern = /^([\d,.]+)\s*(?:sq\.?\s*ft\.?|sqft|square\s+feet)$/i
const yesValues = new Set(['yes', 'true', '1', 'y'])
const noValues = new Set(['no', 'false', '0', 'n'])

/** Checks one raw record; `listing` is undefined when a reason rejects it. */
export function checkFeedRecord(raw: RawFeedRecord): CheckedRecord {
  const reasons: RecordReason[] = []
  const missing = (field: string) => reasons.push({ code: 'MISSING_FIELD', detail: field })
  /** A field whose value the feed does not allow: `why`, or the start of the value as sent. */
  const invalid = (field: string, why: { value: string; shownCharacters?: number } | string) =>
    reasons.push({ code: 'INVALID_VALUE', detail: typeof why === 'string' ? `${field}: ${why}` : `${field}: '${why.value.slice(0, why.shownCharacters ?? 40)}'` })
  const first = (name: string) => raw.fields.get(name)?.find((value) => value !== '')

  if (raw.isTooLarge) return { listing: undefined, reasons: [{ code: 'RECORD_TOO_LARGE', detail: first('id') ?? `line ${raw.line}` }] }

  let hadMarkup = false
  let wasShortened = false
  const text = (name: string) => {
    const value = first(name)
    if (value === undefined) return undefined
    const cleaned = plainText(value)
      .replace(/[ \t]+/g, ' ')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
    if (cleaned !== value.trim() && /<[a-z!/]/i.test(value)) hadMarkup = true
    const limit = maxLengthOf.get(name)
    if (!limit || cleaned.length <= limit) return cleaned || undefined
    wasShortened = true
    return shortened(cleaned, limit)
  }
  const number = (name: string, { whole = false, signed = false } = {}) => {
    const value = first(name)
    if (value === undefined) return null
    const parsed = parseDecimal(value.replace(/^\$/, ''))
    if (parsed === undefined || (whole && !Number.isInteger(parsed)) || (!signed && parsed < 0)) {
      invalid(name, { value })
      return null
    }
    return parsed
  }
  const yesNo = (name: string) => {
    const value = first(name)?.toLowerCase()
    if (value === undefined || noValues.has(value)) return false
    if (yesValues.has(value)) return true
    invalid(name, { value })
    return false
  }
  const oneOf = <Value>(name: string, allowed: Readonly<Record<string, Value>>, fallback?: Value) => {
    const value = first(name)?.toLowerCase()
    if (value === undefined) {
      if (fallback === undefined) missing(name)
      return fallback
    }
    if (!Object.hasOwn(allowed, value)) invalid(name, { value })
    return allowed[value]
  }
  const bits = (name: string, allowed: Readonly<Record<string, number>>) =>
    (raw.fields.get(name) ?? []).reduce((all, value) => {
      const bit = allowed[value.toLowerCase()]
      if (bit === undefined && value !== '') invalid(name, { value })
      return all | (bit ?? 0)
    }, 0)
  const url = (name: string) => {
    const value = first(name)
    if (value === undefined) return null
    if (!/^https:\/\/[^\s<>"]+$/i.test(value)) invalid(name, 'not an https URL')
    return value
  }

  const partnerListingId = text('id')
  if (!partnerListingId) missing('id')
  const status = oneOf('status', feedStatuses)
  const saleType = oneOf('saleType', feedSaleTypes, saleTypes.sale)
  const title = text('title')
  if (!title) missing('title')
  const description = text('description') ?? ''
  const price = number('price', { whole: true })
  if (price === null && saleType !== saleTypes.auction && first('price') === undefined) missing('price')
  // '87,120 sq ft' written in the acres field: the unit says what the number is.
  const acresText = first('acres') ?? ''
  const squareFeetInAcres = squareFeetPattern.exec(acresText)
  let acres = squareFeetInAcres ? (parseDecimal(squareFeetInAcres[1]!) ?? 0) / squareFeetPerAcre : number('acres')
  if (squareFeetInAcres) reasons.push({ code: 'SQUARE_FEET_AS_ACRES', detail: `acres: '${acresText}'` })
  const lotSquareFeet = number('lotSquareFeet')
  if (acres === null && lotSquareFeet !== null) acres = lotSquareFeet / squareFeetPerAcre
  if (acres === null && !acresText) missing('acres')
  else if (acres !== null && acres <= 0) invalid('acres', 'must be more than 0')
  const county = text('county')
  if (!county) missing('county')
  const stateAbbreviation = first('state')?.toUpperCase()
  if (!stateAbbreviation) missing('state')
  const zipText = first('zip')
  const zip = zipText && /^\d{5}(?:-\d{4})?$/.test(zipText) ? zipText.slice(0, 5) : null
  if (zipText && !zip) invalid('zip', { value: zipText, shownCharacters: 20 })
  const latitude = number('latitude', { signed: true })
  const longitude = number('longitude', { signed: true })
  const hasPoint = latitude !== null && longitude !== null
  if (hasPoint && (Math.abs(latitude) > 90 || Math.abs(longitude) > 180)) reasons.push({ code: 'INVALID_VALUE', detail: 'latitude/longitude: not a point on Earth' })
  const propertyTypes = bits('propertyTypes', feedPropertyTypes)
  if (!raw.fields.get('propertyTypes')?.some((value) => value !== '')) missing('propertyTypes')
  const activities = bits('activities', feedActivities)

  let contactPhone = text('contactPhone') ?? null
  let contactEmail = text('contactEmail') ?? null
  if (contactPhone && phoneFormat()(contactPhone)) {
    reasons.push({ code: 'CONTACT_DROPPED', detail: `contactPhone: '${contactPhone.slice(0, 30)}'` })
    contactPhone = null
  }
  if (contactEmail && emailFormat()(contactEmail)) {
    reasons.push({ code: 'CONTACT_DROPPED', detail: `contactEmail: '${contactEmail.slice(0, 60)}'` })
    contactEmail = null
  }
  const usablePhotos = raw.photos.filter((photo) => /^https?:\/\/[^\s<>"]+$/i.test(photo.url))
  if (usablePhotos.length < raw.photos.length || usablePhotos.length > maxPhotosPerListing) {
    reasons.push({ code: 'PHOTOS_DROPPED', detail: `${raw.photos.length - Math.min(usablePhotos.length, maxPhotosPerListing)} of ${raw.photos.length}` })
  }
  const photos = usablePhotos.slice(0, maxPhotosPerListing).map((photo) => ({ url: photo.url, caption: shortened(plainText(photo.caption).trim(), 200) }))

  const record = {
    address: text('address') ?? null,
    city: text('city') ?? null,
    beds: number('beds', { whole: true }),
    baths: number('baths'),
    homeSquareFeet: number('homeSquareFeet', { whole: true }),
    mineralRights: yesNo('mineralRights'),
    ownerFinancing: yesNo('ownerFinancing'),
    videoUrl: url('videoUrl'),
    virtualTourUrl: url('virtualTourUrl'),
    externalListingUrl: url('externalListingUrl'),
    auctionUrl: url('auctionUrl'),
    salesPrice: number('salesPrice', { whole: true }),
    salesDate: first('salesDate') ?? null,
    contactName: text('contactName') ?? null,
  }
  if (record.salesDate && !/^\d{4}-\d{2}-\d{2}$/.test(record.salesDate)) invalid('salesDate', { value: record.salesDate, shownCharacters: 20 })
  if (hadMarkup) reasons.push({ code: 'MARKUP_REMOVED', detail: 'title, description or another text' })
  if (wasShortened) reasons.push({ code: 'TEXT_SHORTENED', detail: `title ${maxTitleLength}, description ${maxDescriptionLength} characters` })

  const isRejected = reasons.some((reason) => reason.code === 'MISSING_FIELD' || reason.code === 'INVALID_VALUE')
  if (isRejected || !partnerListingId || status === undefined || saleType === undefined || !title || acres === null || !county || !stateAbbreviation) {
    return { listing: undefined, reasons }
  }
  return {
    listing: {
      ...record,
      partnerListingId,
      status,
      saleType,
      title,
      description,
      // Spec §5: 2 reads 'Auction' (an auction without a price), 0 'Contact for Price'.
      price: price ?? (saleType === saleTypes.auction ? 2 : 0),
      acres,
      county,
      stateAbbreviation,
      zip,
      latitude: hasPoint ? latitude : null,
      longitude: hasPoint ? longitude : null,
      propertyTypes,
      activities,
      contactPhone,
      contactEmail,
      photos,
    },
    reasons,
  }
}
