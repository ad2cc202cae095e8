import type { SiteProfile } from './site-profile'

export const landSite = {
  key: 'land',
  siteId: 0,
  name: 'LandAtlas',
  wordmark: ['Land', 'Atlas'],
  tagline: 'Land for sale across the United States',
  description:
    'Search land for sale in every US state and county: farms, ranches, hunting land, timberland and lots, with prices, acreage and photos from brokers and owners.',
  url: 'https://www.landatlas.example',
  devHost: 'land.localhost',
  trackingContainerId: 'GTM-LANDATLAS',
  searchPlaceholder: 'Enter a State, County, City, or ID',
  heroHeadline: 'Find your piece of America',
  theme: {
    brand: '22 101 52',
    brandContrast: '255 255 255',
    accent: '180 83 9',
    surface: '247 247 242',
    ink: '28 25 23',
    fontFamily: 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  wording: { notFound: "You went off the grid! Let's get you back on the map" },
  features: { mapSearch: true, brokerDirectory: true, marketInsights: true },
  searchGrammar: 'land',
  listingScopeBits: 0,
  listingPathStyle: 'property-folder',
  brokerPathStyle: 'member',
  footerStatesShown: 10,
} satisfies SiteProfile
