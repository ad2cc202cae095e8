import type { useRouteLoaderData } from 'react-router'
import { expectTypeOf, test } from 'vitest'
import type { loader as rootLoader } from '~/root'
import type { RootSiteData } from '~/hooks/use-site'

test("the root loader's data gives what useSite, useSiteOrigin and useViewer read", () => {
  // A check for the type checker: use-site.ts names the root data's shape instead of importing root.tsx.
  expectTypeOf<NonNullable<ReturnType<typeof useRouteLoaderData<typeof rootLoader>>>>().toMatchTypeOf<RootSiteData>()
})
