import { lazyComponent } from './lazy-component'

/**
 * The grids of listing cards of the home, landing, broker and listing pages. The server draws them
 * with the page; in the browser they hydrate after it, so the page is interactive without waiting
 * for the cards' code (the quality bar's JavaScript budget). Until then each card is still a link
 * and its heart a form.
 */
export const LandingFeaturedListings = lazyComponent(() => import('./landing-featured-listings').then((module) => module.LandingFeaturedListings))
export const BrokerListingGrid = lazyComponent(() => import('./broker-listing-grid').then((module) => module.BrokerListingGrid))
export const ListingCards = lazyComponent(() => import('./listing-cards').then((module) => module.ListingCards))
