import { type RouteConfig, index, route } from '@remix-run/route-config'

export default [
  index('routes/home.tsx'),
  route('error', 'routes/error-page.tsx'),
  route('resizedimages/:height/:width/:fit/:quality/*', 'routes/resized-image.ts'),
  route('find', 'routes/find.tsx'),
  route('flyer/:propertyId', 'routes/flyer.tsx'),
  route('api/locations', 'routes/api.locations.ts'),
  route('api/events', 'routes/api.events.ts'),
  // Search paths: the land site's /search/…, the rural sites' through the catch-all. The site's
  // grammar decides; whatever no grammar claims is the site's 404 page.
  route('search/*', 'routes/search.tsx', { id: 'search' }),
  // Broker pages and directories (spec §2); /member/{id}/… stays the land site's broker results search.
  route('member/*', 'routes/brokers.tsx', { id: 'member' }),
  route('broker/*', 'routes/brokers.tsx', { id: 'broker' }),
  route('real-estate-agents/*', 'routes/brokers.tsx', { id: 'real-estate-agents' }),
  route('find-agent/*', 'routes/brokers.tsx', { id: 'find-agent' }),
  route('profile/*', 'routes/brokers.tsx', { id: 'profile' }),
  route('propertylink/:brokerId', 'routes/propertylink.tsx'),
  // Listing detail paths (spec §2); the hunting site's /{location}/pid/{id}/ goes through the catch-all.
  route('property/*', 'routes/listing.tsx', { id: 'property' }),
  route('listing/*', 'routes/listing.tsx', { id: 'listing' }),
  route('pid/*', 'routes/listing.tsx', { id: 'pid' }),
  route('*', 'routes/catch-all.tsx', { id: 'catch-all' }),
] satisfies RouteConfig
