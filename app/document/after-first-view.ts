/**
 * Hand-written JavaScript for the pages' inline scripts (decision 0013): `afterFirstView(f)`
 * runs `f` once the first view has been painted, so that what it starts (the framework, the data
 * layer's runtime) never competes with the first view on a slow link: after the window's `load`
 * event, a frame after the browser reports the page's priority photo (`img[fetchpriority=high]`)
 * as its largest paint, or 500 ms after `load` when it reports no such paint (the photo is not the
 * largest on a wide screen, or hidden). Frames after `load` were not enough: the photo's paint
 * reached the screen after the framework's fetch had begun, and on a rural link that fetch delayed
 * it by seconds. A page without a priority photo, or a browser that reports no largest paint,
 * starts two frames after `load`.
 */
export const afterFirstViewFunction = `function afterFirstView(f){function frame(g){requestAnimationFrame(function(){setTimeout(g)})}addEventListener("load",function(){var p=document.querySelector("img[fetchpriority=high]"),Observer=window.PerformanceObserver,done=0;function go(){if(!done){done=1;frame(f)}}if(!p||!Observer||(Observer.supportedEntryTypes||[]).indexOf("largest-contentful-paint")<0)return frame(go);new Observer(function(list,observer){list.getEntries().forEach(function(e){if(e.url&&e.url==p.currentSrc){observer.disconnect();go()}})}).observe({type:"largest-contentful-paint",buffered:true});setTimeout(go,500)},{once:true})}`
