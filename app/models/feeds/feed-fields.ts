import { activity, propertyType } from '~/models/listings/enumerations'

/**
 * The partner feed's fields (issue 14): one table drives the XML and CSV readers, the record
 * check and the field table on /landfeed/docs/, so the documentation cannot drift from what the
 * importer accepts. Pure module: the docs page renders it.
 */

export type FeedFieldType = 'text' | 'whole number' | 'decimal' | 'enumeration' | 'list' | 'yes or no' | 'date' | 'URL'

export interface FeedField {
  name: string
  type: FeedFieldType
  /** 'yes', 'no', or when it is required. */
  required: string
  description: string
  /** The values an enumeration or a list allows, as the feed writes them. */
  allowed?: readonly string[]
  /** Longest text kept (longer text is cut at a word and reported). */
  maxLength?: number
}

/** Feed spelling → stored value, spec §3 "Market status". */
export const feedStatuses = { available: 1, 'under contract': 2, 'off market': 3, sold: 4 } as const
export const feedSaleTypes = { sale: 1, auction: 2 } as const

/** Spec §3 property types as the feed spells them (camel-case keys become words). */
const spelled = (key: string) => key.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`)
export const feedPropertyTypes: Readonly<Record<string, number>> = Object.fromEntries(Object.entries(propertyType).map(([key, bit]) => [spelled(key), bit]))
export const feedActivities: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(activity).map(([key, bit]) => [key === 'rving' ? 'rving' : key === 'canoeing' ? 'canoeing and kayaking' : spelled(key), bit]),
)

export const maxTitleLength = 120
export const maxDescriptionLength = 8000
/** A listing may show at most 30 photos (document-ids.ts); more in a record are reported. */
export const maxPhotosPerListing = 30

export const feedFields: readonly FeedField[] = [
  { name: 'id', type: 'text', required: 'yes', maxLength: 64, description: 'Your own id for the property; it must stay the same from one feed to the next.' },
  { name: 'status', type: 'enumeration', required: 'yes', allowed: Object.keys(feedStatuses), description: 'Where the sale stands.' },
  { name: 'saleType', type: 'enumeration', required: 'no (sale)', allowed: Object.keys(feedSaleTypes), description: 'An auction may leave the price out.' },
  { name: 'title', type: 'text', required: 'yes', maxLength: maxTitleLength, description: 'The headline of the listing, in plain text.' },
  {
    name: 'description',
    type: 'text',
    required: 'no',
    maxLength: maxDescriptionLength,
    description: 'Plain text; markup is removed. Blank lines separate paragraphs.',
  },
  { name: 'price', type: 'whole number', required: 'yes, except for an auction', description: 'The asking price in US dollars, for the whole property.' },
  { name: 'acres', type: 'decimal', required: 'yes, or lotSquareFeet', description: 'The size in acres.' },
  { name: 'lotSquareFeet', type: 'decimal', required: 'no', description: 'The size in square feet, for small lots; converted to acres.' },
  { name: 'address', type: 'text', required: 'no', maxLength: 200, description: 'Street address, when the property has one.' },
  { name: 'city', type: 'text', required: 'no', maxLength: 100, description: 'The city or town the property is nearest to, in the state.' },
  { name: 'county', type: 'text', required: 'yes', maxLength: 100, description: "The county (parish, borough) name, with or without the word 'County'." },
  { name: 'state', type: 'text', required: 'yes', maxLength: 2, description: 'Two-letter state abbreviation.' },
  { name: 'zip', type: 'text', required: 'no', maxLength: 10, description: 'Five-digit zip code.' },
  { name: 'latitude', type: 'decimal', required: 'no', description: 'Of a point on the property, in degrees (WGS 84).' },
  { name: 'longitude', type: 'decimal', required: 'no', description: 'Of the same point; negative in the United States.' },
  { name: 'propertyTypes', type: 'list', required: 'yes', allowed: Object.keys(feedPropertyTypes), description: 'One or more kinds of property.' },
  { name: 'activities', type: 'list', required: 'no', allowed: Object.keys(feedActivities), description: 'What the land is good for.' },
  { name: 'beds', type: 'whole number', required: 'no', description: 'Bedrooms of the house, if any.' },
  { name: 'baths', type: 'decimal', required: 'no', description: 'Bathrooms of the house, if any.' },
  { name: 'homeSquareFeet', type: 'whole number', required: 'no', description: 'Living area of the house.' },
  { name: 'mineralRights', type: 'yes or no', required: 'no (no)', description: 'Whether mineral rights convey.' },
  { name: 'ownerFinancing', type: 'yes or no', required: 'no (no)', description: 'Whether the owner will finance.' },
  { name: 'videoUrl', type: 'URL', required: 'no', description: 'An https link to a video of the property.' },
  { name: 'virtualTourUrl', type: 'URL', required: 'no', description: 'An https link to a virtual tour.' },
  { name: 'externalListingUrl', type: 'URL', required: 'no', description: 'An https link to the listing on your own site.' },
  { name: 'auctionUrl', type: 'URL', required: 'no', description: "For an auction: an https link to the auction's page." },
  { name: 'salesPrice', type: 'whole number', required: 'no', description: 'For a sold property: the price it sold for.' },
  { name: 'salesDate', type: 'date', required: 'no', description: 'For a sold property: the day it sold (YYYY-MM-DD).' },
  { name: 'contactName', type: 'text', required: 'no', maxLength: 100, description: 'The agent for this property, if not the account holder.' },
  { name: 'contactPhone', type: 'text', required: 'no', maxLength: 30, description: "The agent's phone: 3, 3 and 4 to 6 digits." },
  { name: 'contactEmail', type: 'text', required: 'no', maxLength: 254, description: "The agent's e-mail address." },
  {
    name: 'photos',
    type: 'list',
    required: 'no',
    description: `Up to ${maxPhotosPerListing} photos in the order to show them, each an http(s) URL with an optional caption.`,
  },
]

/** Fields that repeat: XML nests one element per value, CSV separates values with '|'. */
export const feedListElements: Readonly<Record<string, string>> = { propertyTypes: 'propertyType', activities: 'activity' }
