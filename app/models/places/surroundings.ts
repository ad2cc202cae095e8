/** The land around a listing as its page shows it (found by surroundings.server.ts). */

export interface NearbyPlace {
  name: string
  /** Rounded for reading: to a tenth under 1 mile, whole miles under 50, tens of miles beyond. */
  miles: number
  /** 'northwest': from the listing towards the place ('' when the listing is on or in it). */
  direction: string
}

export interface Surroundings {
  /** The listing lies `direction`-opposite of the town: the sentence reads '12 mi northwest of Austin, TX'. */
  town: (NearbyPlace & { landDirection: string }) | null
  lake: (NearbyPlace & { isWaterfront: boolean }) | null
  parkUnit: (NearbyPlace & { isInside: boolean }) | null
}

/** A named lake counts as the nearest only within this distance; further, none is named. */
export const lakeSearchMiles = 50
