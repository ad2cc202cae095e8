import { type RouteConfig, index, route } from '@remix-run/route-config'

export default [
  index('routes/home.tsx'),
  route('error', 'routes/error-page.tsx'),
  route('resizedimages/:height/:width/:fit/:quality/*', 'routes/resized-image.ts'),
  // Anything no site's grammar claims is the site's 404 page (spec §2 "Unknown routes").
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
