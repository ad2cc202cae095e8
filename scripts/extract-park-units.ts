/**
 * Writes app/data/natural-earth-park-units.json, the National Park Service units a listing page
 * measures to (issue 19 item 4, decision 0029), from the Natural Earth extract:
 * `npx tsx scripts/extract-park-units.ts [folder]` (default ../shared/data/natural-earth). Names
 * are written out in full ('Canaveral NS' and 'National Seashore' become 'Canaveral National
 * Seashore'); coordinates are rounded to four decimals, the shapes otherwise as published.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Feature, MultiPolygon, Polygon } from 'geojson'
import { roundCoordinate } from '../app/models/search/grammar-tokens'

const sourceFolder = process.argv[2] ?? '../shared/data/natural-earth'
const sourceFile = 'us-national-park-units-10m.geojson'
const target = 'app/data/natural-earth-park-units.json'

type UnitFeature = Feature<Polygon | MultiPolygon, { name: string; unit_type: string; unit_code: string }>

// The layer's short names end in the unit type's abbreviation ('Mojave N PRES', 'Dinosaur NM').
const typeAbbreviation = /\s+(?:N PRES|NM & PRES|NRRA|NRA|NM|NS|NL|NP)$/

const features = (JSON.parse(fs.readFileSync(path.join(sourceFolder, sourceFile), 'utf8')) as { features: UnitFeature[] }).features
const units = features
  .map((feature) => {
    const { name, unit_type: type, unit_code: code } = feature.properties
    const polygons = feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates
    return {
      code,
      name: `${name.replace(typeAbbreviation, '')} ${type}`,
      polygons: polygons.map((rings) => rings.map((ring) => ring.map(([longitude = 0, latitude = 0]) => [roundCoordinate(longitude), roundCoordinate(latitude)]))),
    }
  })
  .sort((a, b) => a.name.localeCompare(b.name))
fs.writeFileSync(target, `${JSON.stringify({ units })}\n`)
console.log(`${units.length} park units written to ${target}`)
