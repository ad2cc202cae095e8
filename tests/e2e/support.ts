import { e2ePort } from '../../playwright.config'

/** A site's base URL on the test server: Chromium resolves *.localhost to loopback. */
export function siteUrl(siteKey: 'land' | 'farm' | 'hunting' | 'value', path = '/') {
  return `http://${siteKey}.localhost:${e2ePort}${path}`
}
