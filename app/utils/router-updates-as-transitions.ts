import { startTransition } from 'react'
import type { DataRouter, RouterSubscriber } from 'react-router'

declare global {
  interface Window {
    /** Where React Router's HydratedRouter puts the router it makes, as soon as it makes it. */
    __reactRouterDataRouter?: DataRouter
  }
}

/**
 * Makes every router update a transition outside a popstate event, so that it waits for the
 * Suspense boundaries still waiting for their code (lazyComponent) instead of emptying them.
 * HydratedRouter keeps the location in a state of its own, set outside a transition on every
 * change of address, and gives its context a new object each time it renders; any context change
 * above a boundary not yet hydrated reaches it, and React can only draw such a boundary by
 * hydrating it: outside a transition it draws the empty fallback, dropping the server's HTML
 * until the code arrives. React renders a transition begun in a popstate event synchronously (as
 * following a link to `#contact-seller` fires one), so those updates wait for the next task. An
 * update asked for with flushSync stays synchronous.
 *
 * Call before hydration starts: it takes the router as HydratedRouter publishes it, before
 * anything subscribes to it.
 */
export function makeRouterUpdatesTransitions() {
  let router: DataRouter | undefined
  Object.defineProperty(window, '__reactRouterDataRouter', {
    configurable: true,
    get: () => router,
    set(created: DataRouter) {
      const subscribe = created.subscribe.bind(created)
      created.subscribe = (subscriber) => subscribe(asTransitions(subscriber))
      router = created
    },
  })
}

function asTransitions(subscriber: RouterSubscriber): RouterSubscriber {
  // Updates held until a popstate event is over, in their order.
  let held: (() => void)[] | undefined
  return (state, options) => {
    const update = () => (options.flushSync ? subscriber(state, options) : startTransition(() => subscriber(state, options)))
    if (held) {
      held.push(update)
    } else if (window.event?.type === 'popstate') {
      held = [update]
      setTimeout(() => {
        const updates = held ?? []
        held = undefined
        for (const heldUpdate of updates) heldUpdate()
      })
    } else {
      update()
    }
  }
}
