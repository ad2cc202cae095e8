import type { RegionTable } from '~/models/db/db-schema'

/**
 * Land regions are derived, not typed: a state's counties are grouped by where their
 * centroid lies from the state's centroid ('North Texas', 'Central Texas', …).
 */

interface Located {
  id: number
  latitude: number
  longitude: number
}

// Order fixes region ids (state FIPS * 100 + position + 1), so ids never depend on data order.
const directions = ['North', 'Northeast', 'East', 'Southeast', 'South', 'Southwest', 'West', 'Northwest', 'Central'] as const
type Direction = (typeof directions)[number]

// Used when the plain name would be a state's name ('West' + 'Virginia') or would stutter
// ('North North Carolina' reads better as 'Northern North Carolina').
const adjectives: Record<Direction, string> = {
  North: 'Northern',
  Northeast: 'Northeastern',
  East: 'Eastern',
  Southeast: 'Southeastern',
  South: 'Southern',
  Southwest: 'Southwestern',
  West: 'Western',
  Northwest: 'Northwestern',
  Central: 'Central',
}

// atan2 sectors of 45° starting at due east, counter-clockwise.
const sectors: Direction[] = ['East', 'Northeast', 'North', 'Northwest', 'West', 'Southwest', 'South', 'Southeast']

const fewCounties = 8
// Inside this share of the farthest county's distance a county counts as central.
const centralShare = 0.4
const smallestRegionShare = 0.06

function offset(center: Located, point: Located) {
  const east = (point.longitude - center.longitude) * Math.cos((center.latitude * Math.PI) / 180)
  return { east, north: point.latitude - center.latitude }
}

function compassDirections(state: Located, counties: Located[]): Direction[] {
  const offsets = counties.map((county) => offset(state, county))
  if (counties.length < fewCounties) {
    // Few counties: at most two halves, split across the state's longer axis.
    const spanOf = (axis: 'east' | 'north') => Math.max(...offsets.map((value) => value[axis])) - Math.min(...offsets.map((value) => value[axis]))
    const axis = spanOf('east') >= spanOf('north') ? 'east' : 'north'
    const halves = offsets.map((value): Direction => (axis === 'east' ? (value.east < 0 ? 'West' : 'East') : value.north < 0 ? 'South' : 'North'))
    return new Set(halves).size > 1 ? halves : halves.map(() => 'Central')
  }
  const farthest = Math.max(...offsets.map((value) => Math.hypot(value.east, value.north)))
  return offsets.map((value) => {
    if (Math.hypot(value.east, value.north) < farthest * centralShare) return 'Central'
    const sector = Math.round(Math.atan2(value.north, value.east) / (Math.PI / 4))
    return sectors[(sector + 8) % 8] ?? 'Central'
  })
}

function meanPoint(counties: Located[]): Located {
  const sum = (axis: 'latitude' | 'longitude') => counties.reduce((total, county) => total + county[axis], 0) / counties.length
  return { id: 0, latitude: sum('latitude'), longitude: sum('longitude') }
}

/** Folds regions smaller than the minimum into the region whose mean centroid is nearest. */
function mergeSmallRegions(groups: Map<Direction, Located[]>, total: number) {
  const minimum = total < fewCounties ? 2 : Math.max(3, Math.ceil(total * smallestRegionShare))
  for (;;) {
    const ordered = [...groups.entries()].sort((a, b) => a[1].length - b[1].length || directions.indexOf(a[0]) - directions.indexOf(b[0]))
    const smallest = ordered[0]
    if (!smallest || groups.size < 2 || smallest[1].length >= minimum) return
    const center = meanPoint(smallest[1])
    const distanceTo = (counties: Located[]) => {
      const { east, north } = offset(center, meanPoint(counties))
      return Math.hypot(east, north)
    }
    const [, nearest] = ordered.slice(1).reduce((best, entry) => (distanceTo(entry[1]) < distanceTo(best[1]) ? entry : best))
    nearest.push(...smallest[1])
    groups.delete(smallest[0])
  }
}

export function buildStateRegions(state: Located & { name: string }, counties: Located[], stateNames: Set<string>) {
  let groups = new Map<Direction, Located[]>()
  compassDirections(state, counties).forEach((direction, index) => {
    const county = counties[index]
    if (!county) return
    groups.set(direction, [...(groups.get(direction) ?? []), county])
  })
  mergeSmallRegions(groups, counties.length)
  const single = groups.size === 1 ? [...groups.values()][0] : undefined
  if (single) groups = new Map([['Central', single]])

  const regions: RegionTable[] = []
  const regionOfCounty = new Map<number, number>()
  for (const [direction, members] of [...groups.entries()].sort((a, b) => directions.indexOf(a[0]) - directions.indexOf(b[0]))) {
    const plainName = `${direction} ${state.name}`
    const usesAdjective = stateNames.has(plainName) || /^(North|South|East|West) /.test(state.name)
    const name = usesAdjective ? `${adjectives[direction]} ${state.name}` : plainName
    const id = state.id * 100 + directions.indexOf(direction) + 1
    regions.push({ id, state_id: state.id, name, slug: name.replace(/ /g, '-') })
    for (const county of members) regionOfCounty.set(county.id, id)
  }
  return { regions, regionOfCounty }
}
