/**
 * Spec §9: a lazy image loads within 40 px of the viewport (0 px in the map view's list, marked
 * `data-lazy-margin="0"`). The browser's own distance is 1,250–2,500 px in Chrome: on a phone it
 * fetched the next five cards' photos and portraits together with the one in view, and on a rural
 * link they shared its bandwidth (decision 0040).
 *
 * The server draws plain `<img loading="lazy" src srcset>`, complete without scripts. This script,
 * inline in the head so that it runs before the body is parsed and long before the framework,
 * holds back each lazy image as the parser or React inserts it: a mutation observer's callback runs
 * before the browser lays the image out and starts its own lazy load. It moves the sources to
 * `data-lazy-src` / `data-lazy-srcset`, leaving the image without a source (its box keeps its shape: the
 * width and height attributes give its proportions), and gives the sources back when an intersection observer sees the image
 * within the margin, or before printing. A source React changes later on a held image is held in
 * turn; an image already given back stays the browser's. Without IntersectionObserver nothing is
 * held.
 */
// Written by hand, not compiled, like the framework's starter (deferred-framework.server.ts): it is in every
// page's head, so it stays small (1.2 KB, 0.6 KB gzip). `hold` takes an image's sources and `release` gives them
// back. A held image has no placeholder source: a data: URL is a request to Lighthouse's simulation, and one
// ending beside the priority photo's cost that photo an extra 700 ms round trip in the rural profile.
const lazyImageScript = `(function(){if(!("IntersectionObserver"in window))return;var observers={};function release(i){var d=i.dataset,src=d.lazySrc,srcset=d.lazySrcset;d.lazyLoaded="";delete d.lazySrc;delete d.lazySrcset;if(srcset)i.srcset=srcset;i.src=src}function observer(margin){return observers[margin]=observers[margin]||new IntersectionObserver(function(entries,o){entries.forEach(function(e){if(e.isIntersecting){o.unobserve(e.target);release(e.target)}})},{rootMargin:margin+"px"})}function hold(i){var d=i.dataset;if(i.tagName!="IMG"||i.getAttribute("loading")!="lazy"||"lazyLoaded"in d)return;var src=i.getAttribute("src"),srcset=i.getAttribute("srcset");if(src)d.lazySrc=src;if(srcset)d.lazySrcset=srcset;if(d.lazySrc==null)return;if(srcset)i.removeAttribute("srcset");if(src)i.removeAttribute("src");observer(d.lazyMargin||"40").observe(i)}new MutationObserver(function(records){records.forEach(function(r){if(r.type=="attributes")hold(r.target);else r.addedNodes.forEach(function(n){if(n.nodeType==1){hold(n);[].forEach.call(n.getElementsByTagName("img"),hold)}})})}).observe(document.documentElement,{childList:true,subtree:true,attributes:true,attributeFilter:["src","srcset"]});addEventListener("beforeprint",function(){document.querySelectorAll("img[data-lazy-src]").forEach(release)})})()`

export function LazyImageScript({ nonce }: { nonce: string | undefined }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: lazyImageScript }} />
}
