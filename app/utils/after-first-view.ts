/**
 * Hand-written JavaScript for the pages' inline scripts (decisions 0013, 0040): `afterFirstView(f)`
 * runs `f` after the window's `load` event, once the page's priority photo (its largest paint) is
 * decoded, and two frames later, when the first view has been painted. What it starts (the
 * framework, the data layer's runtime) then never competes with the first view on a slow link.
 * One frame after `load` was not enough: the photo could paint after it, and on a rural link a
 * script fetched before that paint delayed it by round trips.
 */
export const afterFirstViewFunction = `function afterFirstView(f){function frame(g){requestAnimationFrame(function(){setTimeout(g)})}addEventListener("load",function(){var p=document.querySelector("img[fetchpriority=high]");Promise.resolve(p&&p.decode()).catch(function(){}).then(function(){frame(function(){frame(f)})})},{once:true})}`
