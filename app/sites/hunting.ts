import { propertyType } from '~/models/listings/enumerations'
import { type SiteProfile, companyLegalLinks } from './site-profile'

export const huntingSite = {
  key: 'hunting',
  siteId: 1113,
  name: 'Wild Acres',
  wordmark: ['Wild ', 'Acres'],
  tagline: 'Hunting and recreational land for sale',
  description:
    'Hunting land, timber tracts, cabins and recreational acreage for sale, with game, water and access details from land brokers.',
  url: 'https://www.wildacres.example',
  devHost: 'hunting.localhost',
  trackingContainerId: 'GTM-WILDACRES',
  searchPlaceholder: 'Enter a City, County, State, or ID',
  heroHeadline: 'Timber, water and room to roam',
  theme: {
    brand: '54 65 28',
    brandContrast: '255 255 255',
    accent: '194 65 12',
    surface: '244 242 234',
    ink: '23 23 23',
    fontFamily: '"Trebuchet MS", "Segoe UI", Tahoma, "DejaVu Sans", sans-serif',
  },
  wording: { notFound: "We couldn't find this page" },
  features: { mapSearch: false, brokerDirectory: true, marketInsights: false },
  searchGrammar: 'rural',
  listingScopeBits: propertyType.hunting | propertyType.recreational | propertyType.timberland | propertyType.lakefront | propertyType.riverfront,
  listingPathStyle: 'pid',
  brokerPathStyle: 'profile',
  sitemapPaths: { lowerCase: true, trailingSlash: 'never' },
  footerStatesShown: 5,
  contentPaths: {
    termsOfUse: '/terms-conditions',
    advertisingTerms: '/advertising-terms',
    photoTerms: '/terms-and-conditions-for-submitting-photos',
  },
  financeCenterFlag: 'showOnLOA',
  fullMenuScreen: 'larger-than-ipad-pro',
  menuPropertyTypes: ['hunting-land', 'recreational-land', 'timberland', 'lakefront', 'riverfront', 'undeveloped-land', 'all'],
  externalLinks: { contactUs: 'https://support.wildacres.example/contact', ...companyLegalLinks },
  socialLinks: [],
  footerSections: [
    { kind: 'property-types', heading: 'Recreational Land by Type' },
    { kind: 'states', heading: 'Hunting Land by State' },
    { kind: 'about' },
    {
      kind: 'partners',
      advertiseBusinessUrl: 'https://partners.wildacres.example/advertise-your-business',
      ruralLandAnalyticsUrl: 'https://analytics.acrefamily.example/rural-land',
    },
  ],
} satisfies SiteProfile
