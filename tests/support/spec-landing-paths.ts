/**
 * Spec §2 "Landing paths": the main land site's landing searches, each under /search/, as the spec
 * lists them. Tests compare the grammar and the pages with this list, not with the code's own.
 */
export const specLandingSegments = [
  'all-land',
  'farms-for-sale',
  'ranches-for-sale',
  'residential-land-for-sale',
  'recreational-land-for-sale',
  'hunting-land-for-sale',
  'undeveloped-land-for-sale',
  'horse-property-for-sale',
  'commercial-land-for-sale',
  'present-use-orchard-vineyards',
  'waterfront-for-sale',
  'auctions',
  'hunting-land-for-sale/auctions',
  'farms-for-sale/auctions',
  'residential-land-for-sale/auctions',
  'log-cabins-for-sale',
  'cheap-land-for-sale',
  'off-grid-land-for-sale',
  'land-with-mineral-rights-for-sale',
] as const
