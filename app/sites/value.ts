import type { SiteProfile } from './site-profile'

export const valueSite = {
  key: 'value',
  siteId: 2005,
  name: 'AcreWorth',
  wordmark: ['Acre', 'Worth'],
  tagline: 'What is my land worth?',
  description:
    'Estimate what your land is worth from recent sold comparables in your county: price per acre, sale prices and market trends.',
  url: 'https://www.acreworth.example',
  devHost: 'value.localhost',
  trackingContainerId: 'GTM-ACREWORTH',
  searchPlaceholder: 'Enter a State, County, City, or ID',
  heroHeadline: 'What is your land worth?',
  theme: {
    brand: '30 58 138',
    brandContrast: '255 255 255',
    accent: '15 118 110',
    surface: '248 250 252',
    ink: '15 23 42',
    fontFamily: '"Avenir Next", Avenir, "Segoe UI", "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  },
  wording: { notFound: "We couldn't find this page" },
  features: { mapSearch: false, brokerDirectory: false, marketInsights: false },
  searchGrammar: null,
  listingScopeBits: 0,
  listingPathStyle: 'property-folder',
  brokerPathStyle: null,
  footerStatesShown: 10,
} satisfies SiteProfile
