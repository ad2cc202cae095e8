import { describe, expect, test } from 'vitest'
import { type PlaceLookup, type SentencePlace, isMisspeltName, readSentence, sentenceMaxLength, withPlace } from '~/models/search/sentence-search'
import { readNumberWords } from '~/models/search/number-words'
import { type SearchCriteria, emptyCriteria, normalizeCriteria } from '~/models/search/search-criteria'
import { activityOptions, amenityOptions, propertyTypeOptions } from '~/models/search/search-options'
import { searchFilterTags, searchSentence } from '~/models/search/search-filter-tags'

/** A few places, as the gazetteer-backed lookup (sentence-places.server.ts) gives them. */
const states: SentencePlace[] = [
  { kind: 'state', stateToken: 'texas', label: 'Texas' },
  { kind: 'state', stateToken: 'montana', label: 'Montana' },
  { kind: 'state', stateToken: 'tennessee', label: 'Tennessee' },
  { kind: 'state', stateToken: 'oklahoma', label: 'Oklahoma' },
  { kind: 'state', stateToken: 'indiana', label: 'Indiana' },
  { kind: 'state', stateToken: 'pennsylvania', label: 'Pennsylvania' },
  { kind: 'state', stateToken: 'colorado', label: 'Colorado' },
  { kind: 'state', stateToken: 'oregon', label: 'Oregon' },
  { kind: 'state', stateToken: 'arkansas', label: 'Arkansas' },
  { kind: 'state', stateToken: 'north-carolina', label: 'North Carolina' },
  { kind: 'state', stateToken: 'louisiana', label: 'Louisiana' },
  { kind: 'state', stateToken: 'minnesota', label: 'Minnesota' },
]
const abbreviations: Record<string, string> = {
  tx: 'texas',
  mt: 'montana',
  tn: 'tennessee',
  ok: 'oklahoma',
  in: 'indiana',
  pa: 'pennsylvania',
  co: 'colorado',
  or: 'oregon',
  ar: 'arkansas',
  nc: 'north-carolina',
  'n carolina': 'north-carolina',
  la: 'louisiana',
}
const places: (SentencePlace & { name: string })[] = [
  { name: 'brewster county', kind: 'county', stateToken: 'texas', token: 'brewster-county', label: 'Brewster County, TX' },
  { name: 'travis county', kind: 'county', stateToken: 'texas', token: 'travis-county', label: 'Travis County, TX' },
  { name: 'hays county', kind: 'county', stateToken: 'texas', token: 'hays-county', label: 'Hays County, TX' },
  { name: 'polk county', kind: 'county', stateToken: 'texas', token: 'polk-county', label: 'Polk County, TX' },
  { name: 'polk county', kind: 'county', stateToken: 'tennessee', token: 'polk-county', label: 'Polk County, TN' },
  { name: 'gallatin county', kind: 'county', stateToken: 'montana', token: 'gallatin-county', label: 'Gallatin County, MT' },
  { name: 'central texas', kind: 'region', stateToken: 'texas', token: 'central-texas-region', label: 'Central Texas, TX' },
  { name: 'east texas', kind: 'region', stateToken: 'texas', token: 'east-texas-region', label: 'East Texas, TX' },
  { name: 'east texas', kind: 'city', stateToken: 'pennsylvania', token: 'east-texas', label: 'East Texas, PA' },
  { name: 'south texas', kind: 'region', stateToken: 'texas', token: 'south-texas-region', label: 'South Texas, TX' },
  { name: 'denver county', kind: 'county', stateToken: 'colorado', token: 'denver-county', label: 'Denver County, CO' },
  { name: 'denver', kind: 'city', stateToken: 'colorado', token: 'denver', label: 'Denver, CO' },
  { name: 'harney county', kind: 'county', stateToken: 'oregon', token: 'harney-county', label: 'Harney County, OR' },
  { name: 'washington county', kind: 'county', stateToken: 'oregon', token: 'washington-county', label: 'Washington County, OR' },
  { name: 'washington county', kind: 'county', stateToken: 'arkansas', token: 'washington-county', label: 'Washington County, AR' },
  { name: 'benton county', kind: 'county', stateToken: 'arkansas', token: 'benton-county', label: 'Benton County, AR' },
  { name: 'benton county', kind: 'county', stateToken: 'oregon', token: 'benton-county', label: 'Benton County, OR' },
  { name: 'madison county', kind: 'county', stateToken: 'arkansas', token: 'madison-county', label: 'Madison County, AR' },
  { name: 'lampasas county', kind: 'county', stateToken: 'texas', token: 'lampasas-county', label: 'Lampasas County, TX' },
  { name: 'san saba county', kind: 'county', stateToken: 'texas', token: 'san-saba-county', label: 'San Saba County, TX' },
  { name: 'nacogdoches county', kind: 'county', stateToken: 'texas', token: 'nacogdoches-county', label: 'Nacogdoches County, TX' },
  { name: 'franklin', kind: 'city', stateToken: 'tennessee', token: 'franklin', label: 'Franklin, TN' },
  { name: 'minnesota lake', kind: 'city', stateToken: 'minnesota', token: 'minnesota-lake', label: 'Minnesota Lake, MN' },
  { name: 'river', kind: 'city', stateToken: 'oklahoma', token: 'river', label: 'River, OK' },
  { name: 'franklinton', kind: 'city', stateToken: 'oklahoma', token: 'franklinton', label: 'Franklinton, OK' },
  { name: 'lake travis', kind: 'lake', stateToken: 'texas', token: 'near-lake-travis', label: 'Lake Travis, TX' },
  { name: 'lake texoma', kind: 'lake', stateToken: 'texas', token: 'near-lake-texoma', label: 'Lake Texoma, TX' },
  { name: 'lake texoma', kind: 'lake', stateToken: 'oklahoma', token: 'near-lake-texoma', label: 'Lake Texoma, OK' },
  { name: 'austin', kind: 'city', stateToken: 'texas', token: 'austin', label: 'Austin, TX' },
  { name: 'austin', kind: 'city', stateToken: 'indiana', token: 'austin', label: 'Austin, IN' },
  { name: 'marfa', kind: 'city', stateToken: 'texas', token: 'marfa', label: 'Marfa, TX' },
  { name: 'bozeman', kind: 'city', stateToken: 'montana', token: 'bozeman', label: 'Bozeman, MT' },
  { name: 'spring', kind: 'city', stateToken: 'texas', token: 'spring', label: 'Spring, TX' },
]
const lookup: PlaceLookup = {
  state: (words) => states.find((state) => state.label.toLowerCase() === words || state.stateToken === abbreviations[words]),
  named: (words) => places.filter((place) => place.name === words),
  counties: (words) => places.filter((place) => place.kind === 'county' && place.name === `${words} county`),
  zip: (zip) => (zip === '78701' ? { kind: 'zip', stateToken: 'texas', zip, label: '78701 – Austin, TX' } : undefined),
  similar: (words, stateToken, isCounty) =>
    places.filter(
      (place) =>
        (stateToken === undefined || place.stateToken === stateToken) &&
        (!isCounty || place.kind === 'county') &&
        isMisspeltName(words, isCounty ? place.name.replace(/ county$/, '') : place.name),
    ),
  longestName: 2,
}

const read = (sentence: string) => readSentence(sentence, lookup)
const criteriaOf = (sentence: string) => {
  const reading = read(sentence)
  return withPlace(reading.criteria, reading.place.kind === 'place' ? reading.place.choice : undefined)
}
const search = (criteria: Partial<SearchCriteria>) => normalizeCriteria({ ...emptyCriteria, ...criteria })

describe('reading a search sentence', () => {
  test('the issue’s sentence is Brewster County, hunting land, under $250,000, with water as a keyword', () => {
    const reading = read('hunting land in Brewster County TX under $250k with water')
    expect(criteriaOf('hunting land in Brewster County TX under $250k with water')).toEqual(
      search({ state: 'texas', places: ['brewster-county'], propertyTypes: ['hunting-land'], priceMax: 250_000, keywordQuery: 'water' }),
    )
    expect(reading.pieces.map((piece) => piece.slot)).toEqual(['type', 'place', 'price', 'keywords'])
    expect(reading.keywords).toEqual(['water'])
  })

  test('places: a state, a county with its abbreviations, several counties, a region, a lake, a zip, a property id', () => {
    expect(criteriaOf('land in texas')).toEqual(search({ state: 'texas' }))
    expect(criteriaOf('brewster co. tx')).toEqual(search({ state: 'texas', places: ['brewster-county'] }))
    expect(criteriaOf('land in Travis or Hays County')).toEqual(search({ state: 'texas', places: ['hays-county', 'travis-county'] }))
    expect(criteriaOf('central texas ranch')).toEqual(search({ state: 'texas', places: ['central-texas-region'], propertyTypes: ['ranches'] }))
    expect(criteriaOf('near lake travis')).toEqual(search({ state: 'texas', places: ['near-lake-travis'] }))
    expect(criteriaOf('land 78701')).toEqual(search({ state: 'texas', zip: '78701' }))
    expect(read('property #4821').place).toEqual({ kind: 'listing', id: 4821 })
    expect(read('listing number 62008').place).toEqual({ kind: 'listing', id: 62008 })
  })

  test('a state beside a place narrows it; a name in several states is a choice that keeps the rest of the sentence', () => {
    expect(criteriaOf('lake texoma oklahoma')).toEqual(search({ state: 'oklahoma', places: ['near-lake-texoma'] }))
    const reading = read('polk county ranches under 1m')
    expect(reading.place.kind).toBe('ambiguous')
    const choices = reading.place.kind === 'ambiguous' ? reading.place.choices : []
    expect(choices.map((choice) => choice.label)).toEqual(['Polk County, TX', 'Polk County, TN'])
    expect(withPlace(reading.criteria, choices[1])).toEqual(search({ state: 'tennessee', places: ['polk-county'], propertyTypes: ['ranches'], priceMax: 1_000_000 }))
  })

  test("a name ending in a state's name is that state's place; a zip is where its own town is", () => {
    expect(criteriaOf('hunting land east texas')).toEqual(search({ state: 'texas', places: ['east-texas-region'], propertyTypes: ['hunting-land'] }))
    expect(criteriaOf('east texas pa')).toEqual(search({ state: 'pennsylvania', places: ['east-texas'] }))
    expect(criteriaOf('austin tx 78701')).toEqual(search({ state: 'texas', zip: '78701' }))
    // Another town beside a zip is not dropped: it is searched for as words.
    expect(criteriaOf('78701 marfa')).toEqual(search({ state: 'texas', zip: '78701', keywordQuery: 'marfa' }))
  })

  test('places as buyers shorten them: a direction and a state, a county without its suffix, CO and OR, lists with commas', () => {
    expect(criteriaOf('hunting land south tx')).toEqual(search({ state: 'texas', places: ['south-texas-region'], propertyTypes: ['hunting-land'] }))
    expect(criteriaOf('southern texas')).toEqual(search({ state: 'texas', places: ['south-texas-region'] }))
    expect(criteriaOf('harney oregon ranch')).toEqual(search({ state: 'oregon', places: ['harney-county'], propertyTypes: ['ranches'] }))
    // 'co' after a Colorado town is Colorado; after a county's name it is 'county'.
    expect(read('within 60 miles of denver co').place).toMatchObject({ kind: 'place', choice: { around: { place: { token: 'denver' }, miles: 60 } } })
    expect(criteriaOf('benton co ar')).toEqual(search({ state: 'arkansas', places: ['benton-county'] }))
    // 'or' between county names joins them; it is Oregon only where a state can be.
    expect(criteriaOf('land in washington or benton county ar')).toEqual(search({ state: 'arkansas', places: ['benton-county', 'washington-county'] }))
    expect(criteriaOf('madison, washington or benton county ar')).toEqual(
      search({ state: 'arkansas', places: ['benton-county', 'madison-county', 'washington-county'] }),
    )
    expect(criteriaOf('harney county or')).toEqual(search({ state: 'oregon', places: ['harney-county'] }))
    expect(criteriaOf('lampasas or san saba county ranch')).toEqual(
      search({ state: 'texas', places: ['lampasas-county', 'san-saba-county'], propertyTypes: ['ranches'] }),
    )
    expect(criteriaOf('san saba & lampasas counties')).toEqual(search({ state: 'texas', places: ['lampasas-county', 'san-saba-county'] }))
    expect(criteriaOf('land in n. carolina')).toEqual(search({ state: 'north-carolina' }))
    // First in the sentence and before the land: 'la' and 'co' are states, a town of one state is the town.
    expect(criteriaOf('la timberland 200-400 ac')).toEqual(search({ state: 'louisiana', propertyTypes: ['timberland'], acresMin: 200, acresMax: 400 }))
    expect(criteriaOf('co land w/ well')).toEqual(search({ state: 'colorado', keywordQuery: 'well' }))
    expect(criteriaOf('marfa land 10 to 20 acres')).toEqual(search({ state: 'texas', places: ['marfa'], acresMin: 10, acresMax: 20 }))
    // ... but not a word that describes land, nor a town of another state than the sentence's.
    expect(criteriaOf('river land')).toEqual(search({ keywordQuery: 'river' }))
    expect(criteriaOf('marfa land in oklahoma')).toEqual(search({ state: 'oklahoma', keywordQuery: 'marfa' }))
    expect(criteriaOf('minnesota lake lot')).toEqual(search({ state: 'minnesota', propertyTypes: ['lakefront'] }))
  })

  test('"near" a city and "within 30 miles of" a city are the area around it', () => {
    expect(read('ranch near marfa').place).toMatchObject({ kind: 'place', choice: { around: { place: { token: 'marfa' }, miles: 0 } } })
    expect(read('within 30 miles of austin tx').place).toMatchObject({ kind: 'place', choice: { label: 'within 30 miles of Austin, TX', around: { miles: 30 } } })
  })

  test('a lone common word is a keyword, not a town; a capitalised or placed one is the town', () => {
    expect(criteriaOf('land with spring and creek').keywordQuery).toBe('spring creek')
    expect(criteriaOf('land in spring tx').places).toEqual(['spring'])
  })

  test('prices and acreage as buyers write them', () => {
    expect(criteriaOf('$1.2M ranch')).toMatchObject({ priceMax: 1_200_000 })
    expect(criteriaOf('between 100 and 200 thousand')).toMatchObject({ priceMin: 100_000, priceMax: 200_000 })
    expect(criteriaOf('two hundred thousand dollars or less')).toMatchObject({ priceMax: 200_000 })
    expect(criteriaOf('over $2 million')).toMatchObject({ priceMin: 2_000_000 })
    expect(criteriaOf('40+ acres')).toMatchObject({ acresMin: 40 })
    expect(criteriaOf('10 to 20 acres')).toMatchObject({ acresMin: 10, acresMax: 20 })
    expect(criteriaOf('at least 5 ac')).toMatchObject({ acresMin: 5 })
    expect(criteriaOf('forty acres under fifty k')).toMatchObject({ acresMin: 40, priceMax: 50_000 })
    expect(criteriaOf('under a quarter million')).toMatchObject({ priceMax: 250_000 })
    expect(criteriaOf('hunting land 40 acres min')).toEqual(search({ propertyTypes: ['hunting-land'], acresMin: 40 }))
    expect(criteriaOf('ranch 200k max')).toEqual(search({ propertyTypes: ['ranches'], priceMax: 200_000 }))
    expect(criteriaOf('10 acres max price 50k')).toMatchObject({ acresMin: 10, priceMax: 50_000 })
    expect(criteriaOf('under half a million')).toMatchObject({ priceMax: 500_000 })
    // A quarter section is 160 acres, not a quarter of anything: its words are searched for.
    expect(criteriaOf('a quarter section').keywordQuery).toBe('quarter section')
  })

  test('a price per acre is the price per acre filter, beside a price and acreage', () => {
    expect(criteriaOf('land under $5,000 an acre')).toEqual(search({ pricePerAcreMax: 5000 }))
    expect(criteriaOf('over $2000/ac')).toEqual(search({ pricePerAcreMin: 2000 }))
    expect(criteriaOf('ranch 100+ acres $1,000 to $3,000 per acre under 1m')).toEqual(
      search({ propertyTypes: ['ranches'], acresMin: 100, pricePerAcreMin: 1000, pricePerAcreMax: 3000, priceMax: 1_000_000 }),
    )
  })

  test('features, terms and sort words', () => {
    expect(criteriaOf('owner financed land with mineral rights and a virtual tour')).toMatchObject({
      ownerFinancing: true,
      mineralRights: true,
      hasVirtualTour: true,
    })
    expect(criteriaOf('land with a house')).toMatchObject({ hasHouse: true })
    expect(criteriaOf('no house')).toMatchObject({ hasHouse: false })
    expect(criteriaOf('land w/o house')).toMatchObject({ hasHouse: false })
    expect(criteriaOf('20 ac w/ a creek & a house')).toEqual(search({ acresMin: 20, hasHouse: true, keywordQuery: 'creek' }))
    expect(criteriaOf('home on acreage')).toMatchObject({ hasHouse: true })
    expect(criteriaOf('duck hunting land')).toEqual(search({ propertyTypes: ['hunting-land'] }))
    expect(criteriaOf('land in tn owner will finance')).toEqual(search({ state: 'tennessee', ownerFinancing: true }))
    expect(criteriaOf('timberland recently reduced')).toEqual(search({ propertyTypes: ['timberland'], priceChangeType: 'reduction', priceChangeLookback: 30 }))
    expect(criteriaOf('auctions listed in the last week')).toMatchObject({ transactionTypes: ['auction'], dateListed: '7-days' })
    expect(criteriaOf('price reduced farms')).toMatchObject({ priceChangeType: 'reduction', priceChangeLookback: 30, propertyTypes: ['farms'] })
    expect(criteriaOf('sold under 200k')).toMatchObject({ marketStatuses: ['sold'], salesPriceMax: 200_000 })
    expect(criteriaOf('farms sold in 2024 in texas')).toEqual(
      search({ state: 'texas', propertyTypes: ['farms'], marketStatuses: ['sold'], soldDateMin: '2024-01-01', soldDateMax: '2024-12-31' }),
    )
    expect(criteriaOf('sold land 2020-2022')).toMatchObject({ soldDateMin: '2020-01-01', soldDateMax: '2022-12-31' })
    expect(criteriaOf('sold since 2022')).toEqual(search({ marketStatuses: ['sold'], soldDateMin: '2022-01-01' }))
    expect(criteriaOf('sold before 2020')).toEqual(search({ marketStatuses: ['sold'], soldDateMax: '2019-12-31' }))
    // A year is a date only of sold land, and never when it is an amount.
    expect(criteriaOf('sold ranches 2000 acres')).toEqual(search({ marketStatuses: ['sold'], propertyTypes: ['ranches'], acresMin: 2000 }))
    expect(criteriaOf('land under 2024')).toEqual(search({ priceMax: 2024 }))
    expect(criteriaOf('cheapest')).toMatchObject({ sortOrder: 'price-asc' })
    expect(criteriaOf('biggest ranches')).toMatchObject({ sortOrder: 'acres-desc' })
    expect(criteriaOf('newest')).toMatchObject({ sortOrder: 'newest' })
  })

  test('typos one letter away from a word, a state, a county, a place of the state named after it, or a town where one is expected are read as it; quoted words stay keywords', () => {
    expect(criteriaOf('huntng land in montanna')).toEqual(search({ state: 'montana', propertyTypes: ['hunting-land'] }))
    expect(criteriaOf('hunting land "farm"')).toEqual(search({ propertyTypes: ['hunting-land'], keywordQuery: 'farm' }))
    expect(criteriaOf('land in brewser county tx')).toEqual(search({ state: 'texas', places: ['brewster-county'] }))
    expect(criteriaOf('bozemann mt')).toEqual(search({ state: 'montana', places: ['bozeman'] }))
    expect(criteriaOf('bozemann')).toEqual(search({ keywordQuery: 'bozemann' }))
    // Without a state: a county's name, or a town's where a place is expected, mistyped.
    expect(criteriaOf('land in brewser county')).toEqual(search({ state: 'texas', places: ['brewster-county'] }))
    expect(read('ranch near bozemen').place).toMatchObject({ kind: 'place', choice: { around: { place: { token: 'bozeman' } } } })
    expect(read('pollk county').place).toMatchObject({ kind: 'ambiguous', choices: [{ label: 'Polk County, TX' }, { label: 'Polk County, TN' }] })
    expect(criteriaOf('land in tenessee')).toEqual(search({ state: 'tennessee' }))
    // Two letters wrong in a long name; a short word such as a state's code is never 'corrected'.
    expect(criteriaOf('nacadoches county tx timber')).toEqual(search({ state: 'texas', places: ['nacogdoches-county'], propertyTypes: ['timberland'] }))
    expect(criteriaOf('land in franklin tn')).toEqual(search({ state: 'tennessee', places: ['franklin'] }))
    expect(isMisspeltName('springfield mo', 'springfield bmc')).toBe(false)
  })

  test('no place searches the whole country; nothing beyond the box’s limit is read', () => {
    expect(read('cheap land').place).toEqual({ kind: 'nationwide' })
    expect(read(`${'x '.repeat(sentenceMaxLength / 2)}texas`).place).toEqual({ kind: 'nationwide' })
    expect(read(`${'x '.repeat(sentenceMaxLength / 2 - 3)}texas`).place).toMatchObject({ kind: 'place', choice: { state: 'texas' } })
  })

  test('number words', () => {
    const words = (text: string) => readNumberWords(text.split(' '), 0)?.value
    expect(words('two hundred thousand')).toBe(200_000)
    expect(words('one and a half million')).toBe(1_500_000)
    expect(words('half a million')).toBe(500_000)
    expect(words('one hundred and five')).toBe(105)
    expect(words('one hundred and two hundred')).toBe(100)
  })
})

/** A small seeded generator (mulberry32): the same searches on every run. */
function randomFrom(seed: number) {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const locations: { label?: string; criteria: Partial<SearchCriteria> }[] = [
  { criteria: {} },
  { label: 'Texas', criteria: { state: 'texas' } },
  { label: 'Brewster County, TX', criteria: { state: 'texas', places: ['brewster-county'] } },
  { label: 'Travis County or Hays County, TX', criteria: { state: 'texas', places: ['hays-county', 'travis-county'] } },
  { label: 'Central Texas, TX', criteria: { state: 'texas', places: ['central-texas-region'] } },
  { label: 'Lake Travis, TX', criteria: { state: 'texas', places: ['near-lake-travis'] } },
  { label: 'Bozeman, MT', criteria: { state: 'montana', places: ['bozeman'] } },
  { label: '78701', criteria: { state: 'texas', zip: '78701' } },
]
// 'Hunting' alone reads as hunting land; the mineral-rights landing segment is the flag in a sentence.
const keywords = ['water', 'creek', 'pond barn', 'live water']

/** Whole years of sale, as a sentence says them ('sold in 2024', 'sold since 2022', 'sold before 2020', 'sold 2020 to 2022'), or none. */
function soldYears(random: () => number): Partial<SearchCriteria> {
  const year = 2015 + Math.floor(random() * 10)
  const span = Math.floor(random() * 3)
  return [{}, { soldDateMin: `${year}-01-01`, soldDateMax: `${year + span}-12-31` }, { soldDateMin: `${year}-01-01` }, { soldDateMax: `${year}-12-31` }][
    Math.floor(random() * 4)
  ]!
}

/** A criteria the sentence grammar can build: each part drawn at random. */
function randomSearch(random: () => number): { criteria: SearchCriteria; place?: string } {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!
  const some = <T>(list: readonly T[], chance: number) => (random() < chance ? [pick(list)] : [])
  const maybe = <T>(value: T, chance = 0.2) => (random() < chance ? value : undefined)
  const location = pick(locations)
  const price = Math.round(1 + random() * 40) * 25_000
  const acres = Math.round(1 + random() * 200)
  const perAcre = Math.round(1 + random() * 40) * 250
  const isSold = random() < 0.1
  const priceBounds = random() < 0.5 ? { priceMin: maybe(price, 0.4), priceMax: maybe(price * 2, 0.6) } : {}
  const criteria = normalizeCriteria({
    ...emptyCriteria,
    ...location.criteria,
    propertyTypes: some(
      propertyTypeOptions.map((option) => option.key),
      0.6,
    ),
    customSegment: maybe(pick(['cheap-land', 'log-cabins'] as const), 0.1),
    amenityTypes: some(
      amenityOptions.map((option) => option.key),
      0.2,
    ),
    activityTypes: some(
      activityOptions.map((option) => option.key),
      0.2,
    ),
    ...(isSold ? { salesPriceMin: priceBounds.priceMin, salesPriceMax: priceBounds.priceMax, marketStatuses: ['sold'], ...soldYears(random) } : priceBounds),
    pricePerAcreMin: maybe(perAcre, 0.06),
    pricePerAcreMax: maybe(perAcre * 4, 0.08),
    acresMin: maybe(acres, 0.4),
    acresMax: maybe(acres * 3, 0.3),
    hasHouse: pick([null, null, null, true, false]),
    ownerFinancing: random() < 0.2,
    mineralRights: random() < 0.2,
    hasVideo: random() < 0.1,
    hasVirtualTour: random() < 0.1,
    belowMedianPricePerAcre: random() < 0.1,
    transactionTypes: random() < 0.1 ? ['auction'] : [],
    dateListed: pick(['any', 'any', 'any', '24-hours', '7-days', '30-days', '60-days'] as const),
    ...(random() < 0.1 && { priceChangeType: 'reduction' as const, priceChangeLookback: 30 }),
    sortOrder: pick(['default', 'default', 'price-asc', 'price-desc', 'acres-asc', 'acres-desc', 'newest', 'price-per-acre-asc'] as const),
    keywordQuery: maybe(pick(keywords)),
  })
  return { criteria, place: location.label }
}

describe('sentences written from a search read back as the same search (property)', () => {
  test('2,000 random searches the grammar can build', () => {
    const random = randomFrom(40)
    let checked = 0
    for (let run = 0; run < 2000; run += 1) {
      const { criteria, place } = randomSearch(random)
      const sentence = searchSentence(criteria, place)
      // The box takes 100 characters: a longer sentence cannot be typed, so it says nothing of the parser.
      if (sentence.length > sentenceMaxLength) continue
      checked += 1
      const reading = readSentence(sentence, lookup)
      const choice = reading.place.kind === 'place' ? reading.place.choice : undefined
      expect({ sentence, criteria: withPlace(reading.criteria, choice) }).toEqual({ sentence, criteria })
    }
    expect(checked).toBeGreaterThan(1000)
  })

  test('and in lower case, as buyers type', () => {
    const random = randomFrom(7)
    for (let run = 0; run < 500; run += 1) {
      const { criteria, place } = randomSearch(random)
      const sentence = searchSentence(criteria, place).toLowerCase()
      if (sentence.length > sentenceMaxLength) continue
      const reading = readSentence(sentence, lookup)
      const choice = reading.place.kind === 'place' ? reading.place.choice : undefined
      expect({ sentence, criteria: withPlace(reading.criteria, choice) }).toEqual({ sentence, criteria })
    }
  })
})

describe('the chips of a search', () => {
  test('each chip is the search without it', () => {
    const criteria = search({ state: 'texas', places: ['brewster-county'], propertyTypes: ['hunting-land'], priceMax: 250_000, keywordQuery: 'water' })
    const tags = searchFilterTags(criteria)
    expect(tags.map((tag) => tag.label)).toEqual(['Hunting Land', 'Under $250,000', '“water”'])
    expect(normalizeCriteria(tags[1]!.without)).toEqual(
      search({ state: 'texas', places: ['brewster-county'], propertyTypes: ['hunting-land'], keywordQuery: 'water' }),
    )
    expect(searchSentence(criteria, 'Brewster County, TX')).toBe('Hunting Land in Brewster County, TX under $250,000 "water"')
  })

  test('a sale date reads as the years a buyer says, and removing it keeps the search of sold land', () => {
    const labels = (criteria: Partial<SearchCriteria>) => searchFilterTags(search({ marketStatuses: ['sold'], ...criteria })).map((tag) => tag.label)
    expect(labels({ soldDateMin: '2024-01-01', soldDateMax: '2024-12-31' })).toEqual(['Sold in 2024'])
    expect(labels({ soldDateMin: '2020-01-01', soldDateMax: '2022-12-31' })).toEqual(['Sold 2020 to 2022'])
    expect(labels({ soldDateMax: '2019-12-31' })).toEqual(['Sold before 2020'])
    expect(labels({ soldDateMin: '2024-03-05', soldDateMax: '2024-06-01' })).toEqual(['Sold Mar 5, 2024 to Jun 1, 2024'])
    const [soldIn2024] = searchFilterTags(search({ soldDateMin: '2024-01-01', soldDateMax: '2024-12-31' }))
    expect(searchFilterTags(normalizeCriteria(soldIn2024!.without)).map((tag) => tag.label)).toEqual(['Sold'])
  })
})
