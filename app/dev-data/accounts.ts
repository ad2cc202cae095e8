import type { NewAccount } from '~/models/db/db-schema'
import { logoDocumentId, portraitDocumentId } from '~/models/media/document-ids'
import { accountType, brokerType } from '~/models/listings/enumerations'
import { companyForms, firstNames, landmarkWords, lastNames, streetKinds, streetNames } from './names'
import type { PlaceIndex } from './place-index'
import { createRandom, mixSeed, type Random, weightedPicker } from './random'
import { slugify } from '~/models/places/slugs'
import { isoDaysBefore, phoneNumber } from './values'

/** Spec §6: the tier an account type maps to; a corporate child takes its parent's. */
type Tier = 'free' | 'standard' | 'premium' | 'signature' | 'homes'

export interface Seller {
  id: number
  stateId: number
  tier: Tier
  brokerType: number
  accountType: number
  /** Relative share of listings: a few sellers carry many listings, most carry a handful. */
  weight: number
}

const listingsPerAccount = 15
const fewestAccounts = 50

export function accountCountFor(listingCount: number) {
  return Math.max(fewestAccounts, Math.round(listingCount / listingsPerAccount))
}

// Free sellers are common but list little, so about a fifth of listings end up free.
const accountTypeWeights: [type: number, weight: number][] = [
  [accountType.standardFreeSeller, 28],
  [accountType.universalStandardSeller, 20],
  [accountType.universalPremiumSeller, 17],
  [accountType.legacyPremiumSeller, 3],
  [accountType.universalSignatureSeller, 8],
  [accountType.homes, 4],
  [accountType.listhubSeller, 5],
  [accountType.corporateStandardMaster, 1.5],
  [accountType.corporatePremiumMaster, 1.5],
  [accountType.corporateSignatureMaster, 1],
]

const tierOfType = new Map<number, Tier>([
  [accountType.standardFreeSeller, 'free'],
  [accountType.universalStandardSeller, 'standard'],
  [accountType.corporateStandardMaster, 'standard'],
  [accountType.listhubSeller, 'standard'],
  [accountType.universalPremiumSeller, 'premium'],
  [accountType.legacyPremiumSeller, 'premium'],
  [accountType.corporatePremiumMaster, 'premium'],
  [accountType.universalSignatureSeller, 'signature'],
  [accountType.corporateSignatureMaster, 'signature'],
  [accountType.homes, 'homes'],
])

const corporateMasters = new Set<number>([accountType.corporateStandardMaster, accountType.corporatePremiumMaster, accountType.corporateSignatureMaster])
// The first accounts take each broker type once, so even the smallest seed has all five.
const everyBrokerType = Object.values(brokerType)

function chooseBrokerType(random: Random, type: number): number {
  if (type === accountType.standardFreeSeller)
    return random.weighted([
      [brokerType.propertyOwner, 70],
      [brokerType.agent, 20],
      [brokerType.broker, 10],
    ])
  if (type === accountType.homes || type === accountType.listhubSeller)
    return random.weighted([
      [brokerType.agent, 65],
      [brokerType.broker, 35],
    ])
  return random.weighted([
    [brokerType.broker, 35],
    [brokerType.agent, 35],
    [brokerType.auctioneer, 12],
    [brokerType.landRetailer, 12],
    [brokerType.propertyOwner, 6],
  ])
}

function companyName(random: Random, type: number, lastName: string, stateName: string) {
  const other = random.pick(lastNames)
  const options: Record<number, string[]> = {
    [brokerType.propertyOwner]: [`${lastName} Family Land`, `${lastName} Farms`, `${lastName} Family Trust`],
    [brokerType.auctioneer]: [`${lastName} Land & Auction`, `${lastName} Auction Company`, `${random.pick(landmarkWords)} Auctions`],
    [brokerType.landRetailer]: [`${random.pick(landmarkWords)} Land Co.`, `${random.pick(landmarkWords)} Land Company`, `${stateName} Acreage`],
  }
  return random.pick(
    options[type] ?? [
      `${lastName} Realty`,
      `${random.pick(landmarkWords)} ${random.pick(companyForms)}`,
      `${lastName} & ${other} Land Brokers`,
      `${stateName} Farm & Ranch Realty`,
    ],
  )
}

function describeAccount(random: Random, company: string, contact: string, type: number, stateName: string, years: number) {
  const focus = random.pick([
    'farms, ranches and hunting land',
    'rural acreage and recreational property',
    'timberland and hunting tracts',
    'country homes and land',
  ])
  const sentences = [
    type === brokerType.propertyOwner
      ? `${contact} is selling family land in ${stateName} directly.`
      : `${company} helps buyers and sellers of ${focus} across ${stateName}.`,
    type === brokerType.propertyOwner ? 'Serious inquiries are welcome.' : `${contact} has ${years} years of experience in rural real estate.`,
  ]
  if (type === brokerType.auctioneer) sentences.push('Our auctions sell land at a fair market price on a set date, with transparent terms.')
  if (type === brokerType.landRetailer) sentences.push('We offer owner financing with low down payments on many of our properties.')
  if (random.chance(0.5))
    sentences.push(random.pick(['Call today to talk about your land goals.', 'We know the ground because we walk it.', 'Local knowledge, honest advice.']))
  return sentences.join(' ')
}

/** Brokers and sellers, in id order; corporate masters come right before their child accounts. */
export function* generateAccounts(count: number, seed: number, places: PlaceIndex) {
  let parent: { id: number; tier: Tier; company: string; childrenLeft: number } | undefined
  for (let id = 1; id <= count; id++) {
    const random = createRandom(mixSeed(seed, 1, id))
    const master = parent && parent.childrenLeft > 0 ? parent : undefined
    const type = master ? accountType.corporateChild : random.weighted(accountTypeWeights)
    const broker = id <= everyBrokerType.length ? (everyBrokerType[id - 1] as number) : chooseBrokerType(random, type)
    const state = places.pickState(random)
    const city = random.pick(places.citiesInState(state.id))
    const first = random.pick(firstNames)
    const last = random.pick(lastNames)
    const contact = `${first} ${last}`
    const company = master ? master.company : companyName(random, broker, last, state.name)
    const domain = `${slugify(company).toLowerCase()}.example`
    const certified = (broker === brokerType.broker || broker === brokerType.agent) && random.chance(0.12)
    const tier = master ? master.tier : (tierOfType.get(type) ?? 'standard')
    const row = {
      id,
      account_type: type,
      broker_type: broker,
      parent_account_id: master?.id ?? null,
      contact_name: contact,
      company_name: company,
      email: `${first}.${last}@${domain}`.toLowerCase(),
      office_phone: phoneNumber(random),
      preferred_phone: random.chance(0.4) ? phoneNumber(random) : null,
      address1: `${random.int(100, 9999)} ${random.pick(streetNames)} ${random.pick(streetKinds)}`,
      address2: random.chance(0.2) ? `Suite ${random.int(100, 450)}` : null,
      city: city.name,
      state_id: state.id,
      zip: places.nearestZip(city.id, city)?.place.zip ?? null,
      description: describeAccount(random, company, contact, broker, state.name, random.int(2, 35)),
      license_number:
        broker === brokerType.propertyOwner || (broker === brokerType.landRetailer && random.chance(0.5))
          ? null
          : `${state.abbreviation}-${random.int(100_000, 9_999_999)}`,
      is_free: tier === 'free' ? 1 : 0,
      is_seller: 1,
      alc_certified: certified ? 1 : 0,
      alc_advanced_certified: certified && random.chance(0.25) ? 1 : 0,
      opt_in_lead_targeting: random.chance(0.4) ? 1 : 0,
      badge_id: null,
      portrait_document_id: portraitDocumentId(id),
      logo_document_id: logoDocumentId(id),
      website_url: broker !== brokerType.propertyOwner && random.chance(0.6) ? `https://www.${domain}` : null,
      // Older than any listing (those are at most two years old), so no listing predates its seller.
      created_at: isoDaysBefore(random.float(731, 4000)),
    } satisfies NewAccount
    if (master) master.childrenLeft--
    else parent = corporateMasters.has(type) ? { id, tier, company, childrenLeft: random.int(2, 5) } : undefined
    const weight = Math.min(40, (1 - random.next()) ** -0.8) * (tier === 'free' ? 0.7 : 1)
    yield { row, seller: { id, stateId: state.id, tier, brokerType: broker, accountType: type, weight } satisfies Seller }
  }
}

/** Listings mostly go to a seller from their own state; some sellers list across state lines. */
export function createSellerPool(sellers: Seller[]) {
  const byState = new Map<number, Seller[]>()
  for (const seller of sellers) {
    const group = byState.get(seller.stateId)
    if (group) group.push(seller)
    else byState.set(seller.stateId, [seller])
  }
  const pickers = new Map([...byState].map(([stateId, group]) => [stateId, weightedPicker(group, (seller) => seller.weight)]))
  const pickAnywhere = weightedPicker(sellers, (seller) => seller.weight)
  return (random: Random, stateId: number) => {
    const local = pickers.get(stateId)
    return local && random.chance(0.9) ? local(random) : pickAnywhere(random)
  }
}
