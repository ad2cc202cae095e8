/**
 * Every page is complete and every form works without scripts, so the framework (React and
 * React Router, 113 KB gzip before any of our code) is not needed for the first view: it is
 * fetched once the page has loaded, and never competes with the page, its styles and photos on a
 * slow link (decision 0013).
 *
 * React Router's `<Scripts>` writes a `modulepreload` link for every module of the page and one
 * inline module script that imports them and starts hydration. The links are dropped and the
 * module script is turned inert (`type="text/plain"`); a small classic script puts both back on
 * the window's `load` event. The rest (the router's context and the page data it streams) is
 * left as it is: it costs no request.
 */

const modulePreloadPattern = /<link rel="modulepreload" href="([^"]+)"\/>/g
const frameworkScriptPattern = /<script type="module" async="">([\s\S]*?)<\/script>/

/** The id of the inert copy of React Router's module script. */
export const deferredFrameworkScriptId = 'deferred-framework'

// Written by hand, not compiled: it runs before any module and must stay a few hundred bytes.
const startFrameworkOnLoad = `addEventListener("load",function(){var d=document,h=d.getElementById("${deferredFrameworkScriptId}");h.dataset.preloads.split(" ").forEach(function(u){var l=d.createElement("link");l.rel="modulepreload";l.href=u;d.head.appendChild(l)});var s=d.createElement("script");s.type="module";s.textContent=h.textContent;h.after(s)},{once:true})`

/** The page's HTML with its framework scripts started after the `load` event instead of at once. */
export function deferFrameworkScripts(html: string) {
  const frameworkScript = frameworkScriptPattern.exec(html)
  if (!frameworkScript) return html
  const preloads = [...html.matchAll(modulePreloadPattern)].map((match) => match[1]!)
  return html
    .replace(modulePreloadPattern, '')
    .replace(
      frameworkScriptPattern,
      () =>
        `<script type="text/plain" id="${deferredFrameworkScriptId}" data-preloads="${preloads.join(' ')}">${frameworkScript[1]}</script><script>${startFrameworkOnLoad}</script>`,
    )
}
