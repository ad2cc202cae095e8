import { type RouteConfig, index, route } from '@react-router/dev/routes'

export default [
  index('routes/home/route.tsx', { id: 'home' }),
  route('error', 'routes/error-page.tsx'),
  route('resizedimages/:height/:width/:fit/:quality/*', 'routes/resized-image.ts'),
  route('find', 'routes/find.tsx'),
  // The footer's 'Low data' toggle (issue 20 item 2): a cookie, then back to the page.
  route('low-data', 'routes/low-data.tsx'),
  route('flyer/:propertyId', 'routes/flyer.tsx'),
  route('listing-map/:listingId/:kind.svg', 'routes/listing-map.ts'),
  // The search page's map view (spec §2): its server-drawn basemap, the search's points and the outlines maplibre draws.
  route('search-map/:frame.svg', 'routes/search-map-basemap.ts'),
  route('map-points/*', 'routes/search-map-points.ts'),
  route('map-shapes/:file', 'routes/map-shapes.ts'),
  route('financing', 'routes/financing.tsx'),
  route('landfeed/states', 'routes/landfeed-states.tsx'),
  // AcreWorth's valuation (issue 16): the form's answer, its published accuracy (a static path,
  // ranked above the splat), and a valuation at its own address.
  route('value', 'routes/value/route.tsx', { id: 'valuation-form' }),
  route('value/accuracy', 'routes/value/accuracy/route.tsx', { id: 'valuation-accuracy' }),
  route('value/*', 'routes/value/route.tsx', { id: 'valuation' }),
  // AcreWorth's land value pages: the country, a state, a county or region in it.
  route('land-values', 'routes/land-values/route.tsx', { id: 'land-values' }),
  route('land-values/:state', 'routes/land-values/route.tsx', { id: 'land-values-state' }),
  route('land-values/:state/:place', 'routes/land-values/route.tsx', { id: 'land-values-place' }),
  route('api/locations', 'routes/api.locations.ts'),
  route('api/events', 'routes/api.events.ts'),
  // First-party ads (issue 17 §8): a click is counted and leads to the advertiser's contact form; the slot's script posts its impression.
  route('ads/:adId/click', 'routes/ad-click.tsx'),
  route('ads/:adId/impression', 'routes/ad-impression.ts'),
  // First-party analytics (issue 17 §7): the data layer's script and beacons (the administrators' figures are an account page).
  route('data-layer/:file', 'routes/data-layer-script.ts'),
  route('api/analytics', 'routes/api.analytics.ts'),
  // The spec §7 calls (issue 17 item 6), each spelled exactly as the spec spells it (case-sensitive:
  // route paths match any case by default); any other path under /api/ is a JSON 404 (api/* below).
  ...[
    // Configuration: feature flags.
    route('api/featureflag/:name', 'routes/api.feature-flag.ts'),
    // Listings and searches: the 'Recently viewed' strip, a search's URL from its criteria, searches
    // counted, and the footers' popular lists (statenames/0 and PropertyTypeNames/0).
    route('api/Property/getviewedlistings/:ids', 'routes/api.viewed-listings.ts'),
    route('api/property/searchUrl/:siteId', 'routes/api.search-url.ts'),
    route('api/Popular/logPopularSearch/:siteId', 'routes/api.log-popular-search.ts'),
    route('api/popular/:list/:scope', 'routes/api.popular.ts'),
    // The browsers' log messages and client errors.
    route('logging/log', 'routes/api.client-log.ts'),
    // Forms: the spec §5 twilioPhone rule's server check.
    route('api/validation/validatePhoneNumber/:phone', 'routes/api.validate-phone.ts'),
    // Finance centers: for a place, and one by id.
    route('api/location/financeByLocationData/:siteId/:locationType/:ids?', 'routes/api.finance-by-location.ts'),
    route('api/content/financeCenterFullInfo/:id', 'routes/api.finance-center.ts'),
    // The login, from the session.
    route('api/authenticate/isloggedin', 'routes/api.authenticate.ts', { id: 'api-isloggedin' }),
    route('api/authenticate/logininfo/:siteId', 'routes/api.authenticate.ts', { id: 'api-logininfo' }),
    // Log in with a token from an e-mail (login-token.server.ts).
    route('api/authenticate/loginviatoken/:token/:siteId', 'routes/api.authenticate.loginviatoken.ts'),
  ].map((call) => ({ ...call, caseSensitive: true })),
  // Content pages at every site's own paths (the `contentPaths` of app/sites/*.ts; a unit test
  // keeps the two lists equal), all one module; a path another site owns is this site's 404.
  ...[
    'termsofuse',
    'terms/advertising',
    'terms/advertising/terms-and-conditions-for-submitting-photos',
    'about/termsandconditions',
    'advertising-terms',
    'terms-conditions',
    'terms-and-conditions-for-submitting-photos',
    'terms-of-use',
    'landfeed/docs',
    'farmcredit/documentation/listings',
    'farmcredit/documentation/leads',
  ].map((path) => route(path, 'routes/content-page.tsx', { id: `content:${path}` })),
  // Sitemaps and robots.txt (issue 7 §6): the HTML sitemap in each site's spelling, the XML index and its files.
  route('sitemap', 'routes/sitemap.tsx', { id: 'sitemap' }),
  route('sitemap/*', 'routes/sitemap.tsx', { id: 'sitemap-place' }),
  route('sitemap.xml', 'routes/sitemap-index.ts'),
  route('sitemaps/:file', 'routes/sitemap-file.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('favicon.ico', 'routes/favicon.ts', { id: 'favicon-ico' }),
  route('favicon.svg', 'routes/favicon.ts', { id: 'favicon-svg' }),
  // Accounts (spec §2 shared routes): login, sign up, password reset, favorites, saved searches, settings.
  route('login', 'routes/login.tsx'),
  route('addlisting', 'routes/add-listing.tsx'),
  route('login/forgot', 'routes/login.forgot.tsx'),
  route('login/switch', 'routes/login.switch.tsx'),
  route('login/verify', 'routes/login.verify.tsx'),
  route('signup', 'routes/signup.tsx'),
  route('logout', 'routes/logout.tsx'),
  route('reset/:resetKey', 'routes/reset.tsx'),
  // A page in a folder is named by its route's id: React Router would name each 'routes/…/route'.
  route('account', 'routes/account/route.tsx', { id: 'account' }),
  route('account/details', 'routes/account/details/route.tsx', { id: 'account-details' }),
  route('account/security', 'routes/account/security/route.tsx', { id: 'account-security' }),
  route('account/savedproperties', 'routes/account/savedproperties/route.tsx', { id: 'favorites' }),
  route('account/savedproperties/:siteId/*', 'routes/account/savedproperties/route.tsx', { id: 'favorites-page' }),
  route('account/savedsearches', 'routes/account/savedsearches/route.tsx', { id: 'account-savedsearches' }),
  // An instant alert's unsubscribe link (decision 0071): its signed token is the permission.
  route('alerts/unsubscribe/:token', 'routes/alerts/unsubscribe.tsx', { id: 'alerts-unsubscribe' }),
  route('account/valuations', 'routes/account/valuations/route.tsx', { id: 'account-valuations' }),
  // The Lands Connector (spec §2 shared route, issue 17): a buyer's land requests, one request, its
  // form (new and edit), and the land professionals' reply page (a static segment, ranked above :requestId).
  route('lands-connector', 'routes/lands-connector/route.tsx', { id: 'lands-connector' }),
  route('lands-connector/new', 'routes/lands-connector/form/route.tsx', { id: 'lands-connector-new' }),
  route('lands-connector/reply/:token', 'routes/lands-connector/reply/route.tsx', { id: 'lands-connector-reply' }),
  route('lands-connector/:requestId', 'routes/lands-connector/request/route.tsx', { id: 'lands-connector-request' }),
  route('lands-connector/:requestId/edit', 'routes/lands-connector/form/route.tsx', { id: 'lands-connector-edit' }),
  // Feed import reports (issue 14): a partner's own runs; held records for administrators.
  route('account/feeds', 'routes/account/feeds/route.tsx', { id: 'account-feeds' }),
  route('account/feeds/review', 'routes/account/feeds/review/route.tsx', { id: 'account-feeds-review' }),
  route('account/analytics', 'routes/account/analytics/route.tsx', { id: 'account-analytics' }),
  route('account/jobs', 'routes/account/jobs/route.tsx', { id: 'account-jobs' }),
  route('account/scam-review', 'routes/account/scam-review/route.tsx', { id: 'account-scam-review' }),
  route('account/feeds/:runId', 'routes/account/feeds/run/route.tsx', { id: 'account-feeds-run' }),
  // The sellers' listing tool (issue 15): their listings, the listing form step by step (a draft's
  // photos arrive streamed at its upload path), one listing, the statistics (a fixed path, ranked
  // above :listingId), and the leads inbox with its CSV.
  route('account/listings', 'routes/account/listings/route.tsx', { id: 'seller-listings' }),
  route('account/listings/new', 'routes/account/listings/draft/route.tsx', { id: 'seller-new-listing' }),
  route('account/listings/drafts/:draftId/photos/upload', 'routes/account/listings/draft/photo-upload.ts', { id: 'seller-photo-upload' }),
  route('account/listings/drafts/:draftId/:step', 'routes/account/listings/draft/route.tsx', { id: 'seller-draft' }),
  route('account/listings/statistics', 'routes/account/listings/statistics/route.tsx', { id: 'seller-statistics' }),
  route('account/listings/:listingId', 'routes/account/listings/listing/route.tsx', { id: 'seller-listing' }),
  route('account/leads', 'routes/account/leads/route.tsx', { id: 'seller-leads' }),
  route('account/leads.csv', 'routes/account/leads/csv.ts', { id: 'seller-leads-csv' }),
  route('api/likes', 'routes/api.likes.ts'),
  // Favourites kept for reading offline (issue 20 item 3): the service worker's list, and its page for anything else.
  route('api/offline-listings', 'routes/api.offline-listings.ts'),
  route('offline', 'routes/offline.tsx'),
  // Spec §4 feedback modal: its page without scripts, and its endpoint with them.
  route('feedback', 'routes/feedback.tsx'),
  route('api/feedback', 'routes/api.feedback.ts'),
  route('api/saved-searches', 'routes/api.saved-searches.ts'),
  route('download/search', 'routes/search-download.ts'),
  // Search paths: the land site's /search/…, the rural sites' at the top (the catch-all below). The
  // site's grammar decides; whatever no grammar claims is the site's 404 page.
  route('search/*', 'routes/search/route.tsx', { id: 'search' }),
  // Broker pages and directories (spec §2), each shape to the module of its page so that a page
  // loads only its own code; /member/{id}/… is the land site's broker results search.
  route('member/:brokerName/:brokerId', 'routes/broker/route.tsx', { id: 'member' }),
  route('member/:brokerName/:brokerId/listings/*', 'routes/broker/route.tsx', { id: 'member-listings' }),
  route('member/*', 'routes/search/route.tsx', { id: 'member-search' }),
  route('broker', 'routes/broker-directory/route.tsx', { id: 'broker-directory' }),
  route('broker/*', 'routes/broker/route.tsx', { id: 'broker' }),
  route('real-estate-agents/*', 'routes/broker-directory/route.tsx', { id: 'real-estate-agents' }),
  route('find-agent/*', 'routes/broker-directory/route.tsx', { id: 'find-agent' }),
  route('profile/*', 'routes/broker/route.tsx', { id: 'profile' }),
  route('propertylink/:brokerId', 'routes/propertylink.tsx'),
  // A listing's links to other sites (spec §3 external link types): each click recorded, then a 302.
  route('externallink/:listingId/:kind', 'routes/listing-external-link.tsx'),
  // Visit bookings (issue 38 item 3): a listing's request form, the buyer's page of a visit (its token is the permission), the seller's answers.
  route('book-visit/:listingId', 'routes/book-visit/route.tsx', { id: 'book-visit' }),
  route('visits/:token', 'routes/visits/route.tsx', { id: 'buyer-visit' }),
  route('account/visits/:visitId', 'routes/account/visits/route.tsx', { id: 'seller-visit' }),
  route('account/listings/:listingId/visits', 'routes/account/listings/visits.ts', { id: 'seller-visit-setting' }),
  // Listing detail paths (spec §2); each site's listing grammar says which of them it answers.
  route('property/*', 'routes/listing/route.tsx', { id: 'property' }),
  route('listing/*', 'routes/listing/route.tsx', { id: 'listing' }),
  route('pid/*', 'routes/listing/route.tsx', { id: 'pid' }),
  route(':location/pid/*', 'routes/listing/route.tsx', { id: 'location-pid' }),
  // The land site's landing pages (/Texas) or a rural site's one-segment search (/land).
  route(':place', 'routes/landing/route.tsx', { id: 'landing' }),
  // Every other path under /api/: a JSON 404.
  route('api/*', 'routes/api.not-found.ts'),
  // Every other path: a rural site's search, else the site's 404 page.
  route('*', 'routes/search/route.tsx', { id: 'catch-all' }),
] satisfies RouteConfig
