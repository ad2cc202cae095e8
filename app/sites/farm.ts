import { propertyType } from '~/models/listings/enumerations'
import type { SiteProfile } from '~/models/sites/site-profile'
import { companyLegalLinks } from './site-profile'

export const farmSite = {
  key: 'farm',
  siteId: 1080,
  name: 'Farm & Ranch Finder',
  wordmark: ['Farm & Ranch ', 'Finder'],
  tagline: 'Farms and ranches for sale',
  description: 'Farms, ranches, pasture and cropland for sale by owners and farm brokers, searchable by state, county, price and acres.',
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
  features: { mapSearch: false, brokerDirectory: true, marketInsights: false, valuation: false, ads: true, searchDownload: false },
  searchGrammar: 'rural',
  listingScopeBits: propertyType.farm | propertyType.ranch | propertyType.horse | propertyType.timberland,
  listingPathStyle: 'property-suffix',
  brokerPathStyle: 'broker-suffix',
  sitemapPaths: { lowerCase: true, trailingSlash: 'always' },
  footerStatesShown: 10,
  // Spec §2 gives the farm site no photo-terms path: its advertising terms carry the photo rules.
  contentPaths: { termsOfUse: '/about/termsandconditions/', advertisingTerms: '/advertising-terms/' },
  financeCenterFlag: 'showOnLAF',
  fullMenuScreen: 'larger-than-ipad-pro',
  mobileSearchBelow: 'small',
  menuPropertyTypes: ['farms-and-ranches', 'farms', 'ranches', 'horse-property', 'timberland', 'homes', 'all'],
  externalLinks: { contactUs: 'https://support.farmranchfinder.example/contact', ...companyLegalLinks },
  supportEmail: 'support@farmranchfinder.example',
  feedbackEmail: 'feedback@farmranchfinder.example',
  socialLinks: [],
  footerSections: [
    { kind: 'property-types', heading: 'Farm & Ranch Real Estate by Type' },
    { kind: 'states', heading: 'Farm & Ranch Real Estate by State' },
    { kind: 'about' },
    {
      kind: 'partners',
      advertiseBusinessUrl: 'https://partners.farmranchfinder.example/advertise-your-business',
      ruralLandAnalyticsUrl: 'https://analytics.acrefamily.example/rural-land',
    },
  ],
} satisfies SiteProfile
