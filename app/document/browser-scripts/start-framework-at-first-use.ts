import { ownNonce, startFramework } from './framework-starter'

// Low data (decision 0033): the framework starts at the visitor's first press, key or focus on the
// page. One on a link to another document is left to the browser, which leaves the page anyway.
const nonce = ownNonce()
const firstUses = ['pointerdown', 'keydown', 'focusin'] as const
const pageOf = (url: URL | HTMLAnchorElement) => url.origin + url.pathname + url.search

function onFirstUse(event: Event) {
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[href]')
  if (link && pageOf(link) !== pageOf(new URL(location.href))) return
  for (const type of firstUses) removeEventListener(type, onFirstUse, true)
  startFramework(nonce)
}

for (const type of firstUses) addEventListener(type, onFirstUse, true)
