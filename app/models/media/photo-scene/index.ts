/**
 * Deterministic stand-in imagery (decision 0002): every document id maps to
 * one SVG, built from a random sequence seeded by the id, so the same id
 * always gives byte-identical output and no binary fixtures need to ship
 * with the app.
 *
 * Listing photos are stylised rural landscapes; the listing-level traits
 * (season, terrain) are seeded from the listing id so one listing's gallery
 * looks like one property, while each photo varies composition and light.
 *
 * Budget: SVGs stay at a few KB with no filters, fonts or external hrefs, so
 * librsvg rasterises a 1600 px photo in tens of milliseconds.
 */
export { buildPhotoSvg } from './photo'
export { buildSceneSvg } from './scene'
