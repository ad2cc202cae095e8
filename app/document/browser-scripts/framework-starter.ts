import { deferredFrameworkScriptId } from '~/document/deferred-framework-id'

/**
 * Puts React Router's module preloads and module script back (deferred-framework.server.ts made
 * them inert), each with the starter's own CSP nonce (decision 0023). The whole site stylesheet
 * comes first (the page's own copy holds only the rules its markup uses, decision 0042): the module
 * script runs once it has loaded, or failed, so no class a script sets goes unstyled. The modules
 * are fetched meanwhile.
 */
export function startFramework(nonce: string) {
  const inert = document.getElementById(deferredFrameworkScriptId)!
  for (const href of (inert.dataset.preloads ?? '').split(' ')) {
    const preload = document.createElement('link')
    preload.rel = 'modulepreload'
    preload.href = href
    preload.nonce = nonce
    document.head.appendChild(preload)
  }
  const run = () => {
    const script = document.createElement('script')
    script.type = 'module'
    script.nonce = nonce
    script.textContent = inert.textContent
    inert.after(script)
  }
  if (!inert.dataset.stylesheet) return run()
  const stylesheet = document.createElement('link')
  stylesheet.rel = 'stylesheet'
  stylesheet.href = inert.dataset.stylesheet
  stylesheet.onload = stylesheet.onerror = run
  document.head.appendChild(stylesheet)
}

/** The nonce of the script running now (the starter's), read before anything else runs. */
export const ownNonce = () => document.currentScript?.nonce ?? ''
