/**
 * How the map's drawing form sends a drawn area's corners (drawn-area.ts `parseAreaCorners` reads
 * them): 'latitude,longitude' pairs separated by spaces, from [longitude, latitude] positions. A
 * module of its own, so only the map view's chunk carries it (grammar-tokens.ts is in every page's).
 */
export function formatAreaCorners(corners: readonly (readonly [longitude: number, latitude: number])[]): string {
  return corners.map(([longitude, latitude]) => `${latitude},${longitude}`).join(' ')
}
