import { propertyType } from '~/models/listings/enumerations'
import { acresWord, formatAcres, hasBit, type ListingFacts } from './listing-facts'
import type { Random } from './random'

/** `size` reads '42 Acres', `sized` is its adjective form '42-Acre'. */
type Template = (facts: ListingFacts, size: string, sized: string) => string | false

function waterWord(facts: ListingFacts) {
  if (hasBit(facts.propertyTypes, propertyType.beachfront)) return 'Beachfront'
  if (hasBit(facts.propertyTypes, propertyType.lakefront)) return 'Lakefront'
  if (hasBit(facts.propertyTypes, propertyType.riverfront)) return 'Riverfront'
  return false
}

const hasLiveWater = (facts: ListingFacts) => facts.hasCreek || hasBit(facts.propertyTypes, propertyType.riverfront)
const near = (facts: ListingFacts) => facts.cityName !== undefined && `near ${facts.cityName}`

const byProfile: Record<ListingFacts['profile'], Template[]> = {
  farm: [
    (f, size) => `${size} of Farmland in ${f.countyLabel}`,
    (f, _size, sized) => near(f) && `${sized} Farm ${near(f)}`,
    (f, _size, sized) => `Productive ${sized} Farm in ${f.countyLabel}`,
    (f) => `Tillable Farmland in ${f.countyLabel}, ${f.stateAbbreviation}`,
  ],
  ranch: [
    (f, _size, sized) => `${sized} Cattle Ranch in ${f.countyLabel}`,
    (f) => hasLiveWater(f) && 'Turnkey Cattle Ranch with Live Water',
    (f, size) => near(f) && `Working Ranch on ${size} ${near(f)}`,
    (f, _size, sized) => f.regionName !== undefined && `${sized} Ranch in ${f.regionName}`,
  ],
  hunting: [
    (f, size) => `${size} of Hunting Land in ${f.countyLabel}`,
    (f) => `Trophy Hunting Tract in ${f.countyLabel}`,
    (f, _size, sized) => near(f) && `${sized} Hunting Retreat ${near(f)}`,
  ],
  timber: [(f, size) => `${size} of Timberland in ${f.countyLabel}`, (f, size) => `Mature ${f.timber === 'pine' ? 'Pine' : 'Hardwood'} Timber on ${size}`],
  recreation: [
    (f, size) => `${size} of Recreational Land in ${f.countyLabel}`,
    (f, _size, sized) => near(f) && `Secluded ${sized} Getaway ${near(f)}`,
    (f) => f.utilities === 'none' && `Off-Grid Recreational Tract in ${f.countyLabel}`,
  ],
  homesite: [
    (f, _size, sized) => `${sized} Homesite in ${f.countyLabel}`,
    (f, size) => near(f) && `Build Your Dream Home on ${size} ${near(f)}`,
    (f, _size, sized) => near(f) && `${sized} Residential Lot ${near(f)}`,
  ],
  undeveloped: [
    (f, size) => `${size} of Raw Land in ${f.countyLabel}`,
    (f, _size, sized) => `Affordable ${sized} Tract in ${f.countyLabel}`,
    (f, size) => near(f) && `Unrestricted ${size} ${near(f)}`,
  ],
  commercial: [(f, _size, sized) => `${sized} Commercial Tract in ${f.countyLabel}`, (f) => near(f) && `Commercial Land with Highway Frontage ${near(f)}`],
  waterfront: [
    (f, size) => waterWord(f) && `${waterWord(f)} Property on ${size}`,
    (f, size) => `${size} on the Water in ${f.countyLabel}`,
    (f) => waterWord(f) && near(f) && `${waterWord(f)} Lot ${near(f)}`,
  ],
  horse: [(f, _size, sized) => `${sized} Horse Property in ${f.countyLabel}`, (f, size) => near(f) && `Equestrian Estate on ${size} ${near(f)}`],
}

const homeTemplates: Template[] = [
  (f, size) => f.house !== undefined && `${f.house.beds} Bed Home on ${size} in ${f.countyLabel}`,
  (f, size) => near(f) && `Country Home on ${size} ${near(f)}`,
  (f, size) => f.profile === 'farm' && `Farmhouse and ${size} in ${f.countyLabel}`,
]

/** '42 Acres of Hunting Land in Travis County', 'Turnkey Cattle Ranch with Live Water'. */
export function composeTitle(facts: ListingFacts, random: Random) {
  const templates = facts.house && random.chance(0.5) ? homeTemplates : byProfile[facts.profile]
  const size = `${formatAcres(facts.acres)} ${acresWord(facts.acres)}`
  const sized = `${formatAcres(facts.acres)}-Acre`
  const titles = templates.map((template) => template(facts, size, sized)).filter((title): title is string => title !== false)
  const title = titles.length > 0 ? random.pick(titles) : `${size} in ${facts.countyLabel}`
  return facts.isAuction ? `Auction: ${title}` : title
}
