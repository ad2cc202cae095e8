import { PHOTO_SLOTS_PER_LISTING } from '~/models/media/document-ids'
import { drawBirds, drawClouds } from './clouds'
import { PHOTO_HEIGHT, PHOTO_WIDTH } from './dimensions'
import { addFarmstead } from './farmstead'
import { addFence } from './fence'
import { drawFields } from './fields'
import { drawForegroundGrass, drawLensEffects } from './foreground'
import { layOutGround } from './ground'
import { addHayBales } from './hay-bales'
import { drawHills } from './hills'
import type { Landscape, Season, StandingObject, Terrain } from './landscape'
import { drawMountains } from './mountains'
import { SeededRandom } from './random'
import { drawSky, drawSun, pickLight, pickSkyColours } from './sky'
import { round, buildSvgDocument } from './svg'
import { addTreeLines } from './tree-lines'
import { drawWater } from './water'

/**
 * Builds the SVG for a listing photo id: a stylised rural landscape drawn back
 * to front. Every part draws from one random sequence, so the order of the
 * calls below is part of each picture: reordering them changes every photo.
 */
export function buildPhotoSvg(documentId: number): string {
  // Season and terrain come from the listing, so one listing's gallery looks like one property.
  const listingRandom = new SeededRandom(Math.floor(documentId / PHOTO_SLOTS_PER_LISTING), 11)
  const random = new SeededRandom(documentId, 23)
  const season = listingRandom.pick<Season>(['spring', 'summer', 'summer', 'harvest', 'autumn', 'winter'])
  const terrain = listingRandom.pick<Terrain>(['plains', 'rolling', 'rolling', 'mountain', 'forest'])
  const light = pickLight(season, random)
  const horizon = round(PHOTO_HEIGHT * random.range(0.4, 0.54))
  const sky = pickSkyColours(season, light, random)
  const landscape: Landscape = { random, season, terrain, light, horizon, sky, defs: [], body: [] }

  drawSky(landscape)
  drawSun(landscape)
  drawClouds(landscape)
  drawBirds(landscape)
  drawMountains(landscape)
  drawHills(landscape)
  const ground = layOutGround(landscape)
  drawFields(landscape, ground)

  const objects: StandingObject[] = []
  const water = drawWater(landscape, ground, objects)
  const nearestTreeLineY = addTreeLines(landscape, ground, objects)
  addFarmstead(landscape, ground, objects)
  addHayBales(landscape, ground, water, objects)
  addFence(landscape, ground, water, nearestTreeLineY, objects)
  // A stable sort: objects on the same line keep the order they were added in.
  objects.sort((a, b) => a.y - b.y)
  for (const object of objects) landscape.body.push(object.svg)

  drawForegroundGrass(landscape)
  drawLensEffects(landscape)
  return buildSvgDocument(PHOTO_WIDTH, PHOTO_HEIGHT, landscape.defs, landscape.body)
}
