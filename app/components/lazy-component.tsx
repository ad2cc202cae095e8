import { type FunctionComponent, Suspense, lazy, memo, useState } from 'react'
import { retryImport } from '~/browser/retry-import'

/**
 * A component kept out of the JavaScript a page loads up front (the quality bar's budget), for
 * parts only some of a route's pages show, or that nobody needs before the page is interactive.
 * The server still renders it whole (entry.server sends nothing before every boundary is
 * ready), so crawlers and browsers without scripts get the same HTML; the browser hydrates it when
 * its code arrives, which it asks for as hydration reaches it. `preload` fetches the code first,
 * so that a client navigation (a route's clientLoader) never shows the empty fallback. It is a
 * memo: a parent's update with the same props must not reach it before its code is there, since
 * React would then drop the server's HTML and draw the empty fallback until the code arrives. A
 * context change above it still reaches it: the router's are transitions that wait for the code
 * (HydratedRouter wraps its updates in `startTransition`), and any other must be a transition too.
 */
export function lazyComponent<Props extends object>(load: () => Promise<FunctionComponent<Props>>) {
  let loaded: FunctionComponent<Props> | undefined
  const preload = async () => (loaded ??= await retryImport(load))
  // React types a lazy component's props for refs, which TypeScript cannot relate to a generic Props; it takes the loaded component's props.
  const Lazy = lazy(async () => ({ default: await preload() })) as unknown as FunctionComponent<Props>
  function LazyComponent(props: Props) {
    // One component type for the life of the element: switching from Lazy to the loaded one would remount it.
    const [Component] = useState(() => loaded ?? Lazy)
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    )
  }
  return Object.assign(memo(LazyComponent), { preload })
}
