/**
 * Even-odd ray casting, the textbook way, as tests' own reading of a drawn area (independent of
 * the app's turf): a ray from the point crosses the area's edges an odd number of times.
 */
export function isInsideArea(area: readonly (readonly [latitude: number, longitude: number])[], latitude: number, longitude: number) {
  let inside = false
  for (let index = 0, previous = area.length - 1; index < area.length; previous = index++) {
    const [latitudeA, longitudeA] = area[index]!
    const [latitudeB, longitudeB] = area[previous]!
    const crosses =
      latitudeA > latitude !== latitudeB > latitude && longitude < longitudeA + ((latitude - latitudeA) * (longitudeB - longitudeA)) / (latitudeB - latitudeA)
    if (crosses) inside = !inside
  }
  return inside
}
