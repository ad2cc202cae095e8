import type { CustomSegmentKey, SearchCriteria } from './search-criteria'
import type { ActivityKey, AmenityKey, DateListedKey, PropertyTypeKey, SortOrder } from './search-options'

/**
 * The words of a search sentence that are not places or numbers (issue 40, decision 0072): each
 * phrase, as lowercase words, with what it asks of the search. Spellings a buyer types ('ac',
 * 'owner finance', 'lake lot') are listed beside the spec's enumeration labels.
 */
export type SentenceSlot = 'type' | 'feature' | 'filler'

/** What a phrase asks: the criteria lists it adds to and the fields it sets. */
export interface SentenceMeaning {
  slot: SentenceSlot
  propertyType?: PropertyTypeKey
  customSegment?: CustomSegmentKey
  amenity?: AmenityKey
  activity?: ActivityKey
  set?: Partial<Pick<SearchCriteria, 'ownerFinancing' | 'mineralRights' | 'hasVideo' | 'hasVirtualTour' | 'belowMedianPricePerAcre' | 'hasHouse'>>
  auction?: true
  sold?: true
  dateListed?: DateListedKey
  priceReduced?: true
  sortOrder?: SortOrder
}

const type = (propertyType: PropertyTypeKey): SentenceMeaning => ({ slot: 'type', propertyType })
const segment = (customSegment: CustomSegmentKey): SentenceMeaning => ({ slot: 'type', customSegment })
const amenity = (key: AmenityKey): SentenceMeaning => ({ slot: 'type', amenity: key })
const activity = (key: ActivityKey): SentenceMeaning => ({ slot: 'feature', activity: key })
const feature = (meaning: Omit<SentenceMeaning, 'slot'>): SentenceMeaning => ({ slot: 'feature', ...meaning })
const sort = (sortOrder: SortOrder): SentenceMeaning => ({ slot: 'feature', sortOrder })
const filler: SentenceMeaning = { slot: 'filler' }

/** Phrases and their meaning; the parser tries the longest phrase first. */
const phrases: [string[], SentenceMeaning][] = [
  [
    [
      ...['hunting land', 'hunting lands', 'hunting property', 'hunting properties', 'hunting tract', 'hunting tracts', 'hunting', 'hunt land'],
      // 'duck hunting land': the game hunted says no more than hunting land.
      ...['deer', 'duck', 'turkey', 'elk', 'hog', 'quail', 'dove', 'bird', 'waterfowl', 'upland'].map((game) => `${game} hunting`),
    ],
    type('hunting-land'),
  ],
  [
    ['farm', 'farms', 'farmland', 'farm land', 'farmlands', 'cropland', 'crop land', 'ag land', 'agricultural land', 'agricultural', 'farm ground', 'crop ground'],
    type('farms'),
  ],
  [['ranch', 'ranches', 'ranchland', 'ranch land', 'cattle ranch', 'cattle ranches'], type('ranches')],
  [['farm and ranch', 'farms and ranches', 'farm or ranch', 'farms or ranches', 'farm ranch', 'farm & ranch', 'farms & ranches'], type('farms-and-ranches')],
  [['recreational land', 'recreational', 'recreation land', 'recreational property', 'rec land'], type('recreational-land')],
  [['residential land', 'residential', 'residential lot', 'residential lots'], type('residential-land')],
  [['timber', 'timberland', 'timberlands', 'timber land', 'timber tract', 'woodland', 'wooded land', 'forest land'], type('timberland')],
  [['undeveloped land', 'undeveloped', 'raw land', 'vacant land', 'unimproved land', 'bare land'], type('undeveloped-land')],
  [['commercial land', 'commercial', 'commercial property', 'commercial lot'], type('commercial-land')],
  [['horse property', 'horse properties', 'horse farm', 'horse farms', 'horse ranch', 'equestrian', 'equestrian property'], type('horse-property')],
  [['lakefront', 'lake front', 'lake lot', 'lake lots', 'lake property', 'lakefront land', 'on the lake', 'lakeside'], type('lakefront')],
  [['beachfront', 'beach front', 'oceanfront', 'ocean front'], type('beachfront')],
  [['riverfront', 'river front', 'river property', 'on the river'], type('riverfront')],
  [['waterfront', 'water front', 'waterfront property'], type('waterfront')],
  [['homesite', 'homesites', 'home site', 'home sites', 'building lot', 'building lots', 'building site', 'lot', 'lots'], type('homesites')],
  [['homes'], type('homes')],
  [['cheap land', 'cheap', 'inexpensive land', 'affordable land', 'affordable'], segment('cheap-land')],
  [['log cabin', 'log cabins', 'log home', 'log homes'], segment('log-cabins')],
  [['off grid', 'offgrid', 'off the grid'], amenity('off-grid')],
  [['cabin', 'cabins'], amenity('cabin')],
  [['cottage', 'cottages'], amenity('cottage')],
  [['guest house', 'guesthouse'], amenity('guest-house')],
  [['lake house', 'lake home'], amenity('lake-house')],
  [['mobile home', 'mobile homes', 'manufactured home', 'trailer'], amenity('mobile-home')],
  [['tiny home', 'tiny homes', 'tiny house'], amenity('tiny-home')],
  [['barndominium', 'barndominiums', 'barndo'], amenity('barndominium')],
  [['homestead', 'homesteading'], amenity('homestead')],
  [['hobby farm', 'hobby farms'], amenity('hobby-farm')],
  [['orchard', 'orchards'], amenity('orchard')],
  [['pasture', 'pastures', 'pasture land', 'pastureland', 'grazing land'], amenity('pasture')],
  [['poultry farm', 'chicken farm'], amenity('poultry-farm')],
  [['vineyard', 'vineyards'], amenity('vineyard')],
  [['desert'], amenity('desert')],
  [['island'], amenity('island')],
  [['mountain', 'mountains', 'mountain land', 'mountain property'], amenity('mountain')],
  [['rural'], amenity('rural')],
  [['resort'], amenity('resort')],
  [['fishing'], activity('fishing')],
  // 'Hunting' alone is hunting land; the activity is said 'for hunting'.
  [['for hunting'], activity('hunting')],
  [['beach'], activity('beach')],
  [['aquatic sporting', 'water sports'], activity('aquatic-sporting')],
  [['camping'], activity('camping')],
  [['boating'], activity('boating')],
  [['kayaking', 'canoeing'], activity('canoeing-kayaking')],
  [['atv', 'atvs', 'off roading', 'off road', 'four wheeling'], activity('off-roading')],
  [['horseback riding', 'trail riding'], activity('horseback-riding')],
  [['rv', 'rving', 'rv lot'], activity('rving')],
  [['golf', 'golfing'], activity('golfing')],
  [['skiing'], activity('skiing')],
  [['airstrip', 'aviation'], activity('aviation')],
  [['conservation'], activity('conservation')],
  [
    [
      ...['owner financing', 'owner finance', 'owner financed', 'seller financing', 'seller finance', 'seller financed', 'owner will carry', 'owc', 'owner carry'],
      ...['owner will finance', 'seller will finance', 'owner financing available', 'seller financing available'],
    ],
    feature({ set: { ownerFinancing: true } }),
  ],
  [['mineral rights', 'minerals', 'mineral'], feature({ set: { mineralRights: true } })],
  [['video', 'videos', 'drone video'], feature({ set: { hasVideo: true } })],
  [['virtual tour', 'virtual tours', '3d tour'], feature({ set: { hasVirtualTour: true } })],
  [['below county median', 'below median', 'good deals', 'deals', 'bargain', 'bargains', 'underpriced'], feature({ set: { belowMedianPricePerAcre: true } })],
  [
    ['with a house', 'with house', 'with a home', 'with home', 'house', 'home', 'with a residence', 'home on acreage', 'house on acreage', 'home on land'],
    feature({ set: { hasHouse: true } }),
  ],
  [['no house', 'without a house', 'without house', 'no home', 'without a home'], feature({ set: { hasHouse: false } })],
  [['auction', 'auctions', 'at auction'], feature({ auction: true })],
  [['sold', 'recently sold'], feature({ sold: true })],
  [['recently listed', 'recently added'], feature({ dateListed: '7-days' })],
  [['recently reduced', 'recently price reduced'], feature({ priceReduced: true })],
  [['today', 'last 24 hours', 'past 24 hours', 'in the last day', 'in the past day'], feature({ dateListed: '24-hours' })],
  [
    ['last week', 'past week', 'this week', 'last 7 days', 'past 7 days', 'new listing', 'new listings', 'newly listed', 'just listed', 'new this week'],
    feature({ dateListed: '7-days' }),
  ],
  [['last month', 'past month', 'this month', 'last 30 days', 'past 30 days'], feature({ dateListed: '30-days' })],
  [['last 60 days', 'past 60 days', 'last two months', 'past two months'], feature({ dateListed: '60-days' })],
  [['price reduced', 'reduced', 'price reduction', 'price reductions', 'price drop', 'price drops', 'price cut', 'reduced price'], feature({ priceReduced: true })],
  [['cheapest', 'cheapest first', 'lowest price', 'least expensive', 'price low to high'], sort('price-asc')],
  [['most expensive', 'highest price', 'priciest', 'price high to low'], sort('price-desc')],
  [['biggest', 'largest', 'most acres', 'largest first', 'biggest first'], sort('acres-desc')],
  [['smallest', 'smallest first', 'fewest acres'], sort('acres-asc')],
  [['newest', 'latest', 'most recent', 'newest first'], sort('newest')],
  [['cheapest per acre', 'lowest price per acre', 'cheapest acres', 'best price per acre'], sort('price-per-acre-asc')],
  [
    [
      'land',
      'lands',
      'property',
      'properties',
      'acreage',
      'tract',
      'tracts',
      'parcel',
      'parcels',
      'real estate',
      'for sale',
      'sale',
      'listings',
      'listing',
      'for',
      'in',
      'of',
      'on',
      'at',
      'the',
      'a',
      'an',
      'with',
      'and',
      'or',
      'w',
      'i',
      'im',
      'want',
      'looking',
      'look',
      'need',
      'find',
      'show',
      'me',
      'buy',
      'to',
      'some',
      'any',
      'area',
      'state',
      'that',
      'has',
      'have',
      'having',
      'just',
      'only',
      'nice',
      'good',
      'great',
      'beautiful',
      'pretty',
      'please',
      'usa',
      'us',
      'anywhere',
      'available',
      'sorted',
      'sort',
      'by',
      'first',
      'is',
      'it',
      'acres',
      'acre',
      'ac',
      'dollars',
      'priced',
      'listed',
      'up',
      'zip',
      'zipcode',
      'zip code',
      'posted',
      'added',
      'ground',
      'recently',
      'included',
      'includes',
      'including',
      'my',
      'our',
      'we',
      'wife',
      'husband',
      'family',
    ],
    filler,
  ],
]

/**
 * Words that describe land and are also the names of a town or two ('river land', 'prairie acreage'):
 * before 'land' they are what the buyer wants to search for, not where.
 */
export const landFeatureWords = new Set([
  'river',
  'creek',
  'spring',
  'springs',
  'prairie',
  'bluff',
  'ridge',
  'valley',
  'meadow',
  'forest',
  'hill',
  'hills',
  'rock',
  'canyon',
  'mesa',
  'cove',
  'dairy',
  'lake',
  'pond',
  'woods',
  'grove',
  'orchard',
  'pine',
  'oak',
  'cedar',
])

export interface Vocabulary {
  meanings: Map<string, SentenceMeaning>
  /** The most words a phrase has. */
  longest: number
  /** Single words of five letters or more, for reading a typo as its word ('huntng'). */
  longWords: string[]
}

function buildVocabulary(): Vocabulary {
  const meanings = new Map<string, SentenceMeaning>()
  for (const [spellings, meaning] of phrases) for (const spelling of spellings) meanings.set(spelling, meaning)
  const keys = [...meanings.keys()]
  return {
    meanings,
    longest: Math.max(...keys.map((key) => key.split(' ').length)),
    longWords: keys.filter((key) => !key.includes(' ') && key.length >= 5),
  }
}

export const sentenceVocabulary = buildVocabulary()
