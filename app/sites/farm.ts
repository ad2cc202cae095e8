import { propertyType } from '~/models/enumerations'
import type { SiteProfile } from './site-profile'

export const farmSite = {
  key: 'farm',
  siteId: 1080,
  name: 'Farm & Ranch Finder',
  wordmark: ['Farm & Ranch', 'Finder'],
  tagline: 'Farms and ranches for sale',
  description:
    'Farms, ranches, pasture and cropland for sale by owners and farm brokers, searchable by state, county, price and acres.',
  url: 'https://www.farmranchfinder.example',
  devHost: 'farm.localhost',
  trackingContainerId: 'GTM-FARMRANCH',
  searchPlaceholder: 'Enter a City, County, State, or ID',
  heroHeadline: 'Farms and ranches, field by field',
  theme: {
    brand: '124 45 18',
    brandContrast: '255 255 255',
    accent: '133 77 14',
    surface: '251 247 239',
    ink: '41 37 36',
    fontFamily: 'Georgia, Cambria, "Times New Roman", Times, serif',
  },
  wording: { notFound: "We couldn't find this page" },
  features: { mapSearch: false, brokerDirectory: true, marketInsights: false },
  searchGrammar: 'rural',
  listingScopeBits: propertyType.farm | propertyType.ranch | propertyType.horse | propertyType.timberland,
  listingPathStyle: 'property-suffix',
  brokerPathStyle: 'broker-suffix',
  footerStatesShown: 10,
} satisfies SiteProfile
