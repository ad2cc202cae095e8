import { activity, amenity, propertyType } from '~/models/listings/enumerations'
import { formatAcres, hasBit, type ListingFacts } from './listing-facts'
import type { Random } from './random'

/**
 * Listing descriptions of three to six sentences, each sentence drawn from the listing's
 * own facts (size, place, water, timber, house, access, utilities, activities) with
 * several phrasings, so the text is varied but never contradicts the row.
 */

type Sentence = (facts: ListingFacts, random: Random) => string | undefined

const profileNouns: Record<ListingFacts['profile'], string[]> = {
  farm: ['farm', 'tract of farmland', 'family farm'],
  ranch: ['ranch', 'cattle ranch', 'working ranch'],
  hunting: ['hunting tract', 'recreational hunting property', 'hunting retreat'],
  timber: ['timber tract', 'tract of timberland'],
  recreation: ['recreational property', 'weekend getaway', 'tract of recreational land'],
  homesite: ['homesite', 'residential lot', 'building site'],
  undeveloped: ['tract of raw land', 'parcel of undeveloped land', 'tract'],
  commercial: ['commercial tract', 'commercial property'],
  waterfront: ['waterfront property', 'waterfront retreat'],
  horse: ['horse property', 'equestrian property'],
}

function place(facts: ListingFacts) {
  if (facts.cityName === undefined || facts.cityKilometres === undefined) return `${facts.countyLabel}, ${facts.stateName}`
  const miles = Math.round(facts.cityKilometres / 1.609)
  const distance = miles < 2 ? `just outside ${facts.cityName}` : `about ${miles} miles from ${facts.cityName}`
  return `${facts.countyLabel}, ${distance}, ${facts.stateName}`
}

function wildlife(facts: ListingFacts) {
  if (facts.latitude > 54) return 'moose and caribou'
  if (facts.longitude < -104) return 'mule deer, elk and pronghorn'
  if (facts.latitude < 33) return 'whitetail deer, wild hogs and turkey'
  return 'whitetail deer and wild turkey'
}

const opening: Sentence = (facts, random) => {
  const size = `${formatAcres(facts.acres)}-acre`
  const noun = random.pick(profileNouns[facts.profile])
  return random.pick([
    `This ${size} ${noun} sits in ${place(facts)}.`,
    `Offered here is a ${size} ${noun} in ${place(facts)}.`,
    `Located in ${place(facts)}, this ${size} ${noun} is ready for its next owner.`,
  ])
}

const land: Sentence = (facts, random) => {
  switch (facts.profile) {
    case 'farm':
      return random.pick([
        'The tillable ground has been farmed in row crops and hay for years.',
        'Fertile soils, gentle slopes and fenced pasture make this a productive operation.',
      ])
    case 'ranch':
      return random.pick([
        'Cross-fenced pastures, working pens and good grass support a cow-calf operation.',
        'The ranch is fenced and cross-fenced with improved pasture and a set of working pens.',
      ])
    case 'hunting':
      return `Thick cover, food plot openings and travel corridors hold ${wildlife(facts)}.`
    case 'timber':
      return `The property carries ${facts.timber === 'mixed' ? 'a mix of pine and hardwood' : `mature ${facts.timber}`} timber with value for a future harvest.`
    case 'recreation':
      return random.pick([
        'Trails wind through the property, with plenty of room to camp and explore.',
        'It is a quiet place to unplug, with level spots for a cabin or RV pad.',
      ])
    case 'homesite':
      return random.pick(['The level, cleared site is ready for your custom home.', 'Mature trees and a gentle slope make an attractive place to build.'])
    case 'undeveloped':
      return random.pick(['Few restrictions leave room for a cabin, a homestead or a long-term investment.', 'The open, undeveloped ground is a blank canvas.'])
    case 'commercial':
      return 'Road frontage and visibility suit retail, storage or light industrial use, subject to local approval.'
    case 'horse':
      return random.pick([
        'Board-fenced paddocks, a barn and riding space make it ready for horses.',
        'Fenced pasture, a barn with stalls and room for an arena suit horse owners.',
      ])
    default:
      return undefined
  }
}

const water: Sentence = (facts, random) => {
  if (hasBit(facts.propertyTypes, propertyType.beachfront)) return 'Step from the property onto the beach and enjoy the sound of the surf.'
  if (hasBit(facts.propertyTypes, propertyType.lakefront))
    return random.pick(['Lake frontage offers swimming, boating and fishing right from the shore.', 'Enjoy sunsets over the lake from your own frontage.'])
  if (hasBit(facts.propertyTypes, propertyType.riverfront)) return 'River frontage provides live water, fishing and a shady creek bottom.'
  if (facts.hasCreek && facts.hasPond) return 'A creek runs through the property and a stocked pond adds water for wildlife and livestock.'
  if (facts.hasCreek) return random.pick(['A seasonal creek winds through the property.', 'A spring-fed creek provides live water.'])
  if (facts.hasPond) return random.pick(['A pond provides water for wildlife and livestock.', 'A stocked pond offers fishing close to home.'])
  return undefined
}

const house: Sentence = (facts, random) => {
  if (!facts.house) return undefined
  const { beds, baths, squareFeet } = facts.house
  const kind = hasBit(facts.amenities, amenity.barndominium) ? 'barndominium' : hasBit(facts.amenities, amenity.cabin) ? 'cabin' : 'home'
  return random.pick([
    `The ${beds}-bedroom, ${baths}-bath ${kind} offers ${squareFeet.toLocaleString('en-US')} square feet of living space.`,
    `A ${squareFeet.toLocaleString('en-US')} square foot ${kind} with ${beds} bedrooms and ${baths} baths is included.`,
  ])
}

const access: Sentence = (facts) => {
  const road = { paved: 'a paved county road', gravel: 'an all-weather gravel road', easement: 'a deeded easement' }[facts.access]
  const utilities = {
    'on site': 'electricity and water are on site',
    'at the road': 'electricity is available at the road',
    none: 'it is off the grid, well suited to solar',
  }[facts.utilities]
  return `Access is by ${road}, and ${utilities}.`
}

const activityNames: [number, string][] = [
  [activity.hunting, 'hunting'],
  [activity.fishing, 'fishing'],
  [activity.camping, 'camping'],
  [activity.boating, 'boating'],
  [activity.canoeing, 'canoeing and kayaking'],
  [activity.horsebackRiding, 'horseback riding'],
  [activity.offRoading, 'off-roading'],
  [activity.rving, 'RVing'],
  [activity.golfing, 'golf'],
  [activity.beach, 'beach days'],
  [activity.skiing, 'skiing'],
]

const recreation: Sentence = (facts, random) => {
  const names = activityNames
    .filter(([bit]) => hasBit(facts.activities, bit))
    .map(([, name]) => name)
    .slice(0, 4)
  if (names.length < 2) return undefined
  const list = `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
  return random.pick([`Recreation includes ${list}.`, `Enjoy ${list} without leaving the property.`])
}

const terms: Sentence = (facts) => {
  const parts = [facts.ownerFinancing && 'owner financing is available', facts.mineralRights && 'mineral rights convey with the sale'].filter(Boolean)
  if (facts.isAuction) return 'The property sells at auction; contact the auctioneer for bidding terms and dates.'
  return parts.length > 0 ? `${parts.join(' and ').replace(/^./, (letter) => letter.toUpperCase())}.` : undefined
}

const closings = [
  'Call today to schedule a showing.',
  'Properties like this do not come along often.',
  'Contact the listing agent for a map and a private tour.',
  'Come see it for yourself.',
]

export function composeDescription(facts: ListingFacts, random: Random) {
  const sentences = [opening, land, water, house, access, recreation, terms]
    .map((sentence) => sentence(facts, random))
    .filter((sentence): sentence is string => sentence !== undefined)
    .slice(0, 5)
  if (sentences.length < 3 || random.chance(0.5)) sentences.push(random.pick(closings))
  return sentences.join(' ')
}
