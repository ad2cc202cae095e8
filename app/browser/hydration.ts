let isHydrated = false

/** Called once the page has hydrated (entry.client.tsx). */
export function markHydrated() {
  isHydrated = true
}

/**
 * Whether the page has hydrated. A component first drawn before (on the server, or by the
 * hydration itself) finds the server's markup in the page; one first drawn after, by a client
 * navigation, has no server markup to find (app/document/frame.tsx).
 */
export const hasHydrated = () => isHydrated
