import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import type { SearchCriteria } from '~/models/search/search-criteria'
import type { ResolvedLocation } from './gazetteer.server'
import { findNearestTown } from './towns.server'

/** A point this close to a town's own point is the town's ('within 30 miles of Austin TX' is searched around Austin's point). */
const townPointMiles = 1

/**
 * A search around a point (a sentence's 'within 30 miles of Austin TX', issue 40; a map's 'near
 * me') has coordinates, not a place: its pages name the point by its nearest town, 'within 30
 * miles of Austin, TX', or 'of a point near Manor, TX' when the point is not the town's own.
 * A place of the search (a state, a zip) names it instead.
 */
export async function withPointName(db: Kysely<Database>, location: ResolvedLocation, criteria: SearchCriteria): Promise<ResolvedLocation> {
  if (location.state || location.zip || criteria.latitude === undefined || criteria.longitude === undefined) return location
  const town = await findNearestTown(db, { latitude: criteria.latitude, longitude: criteria.longitude })
  if (!town) return location
  const pointName = town.offset.miles <= townPointMiles || criteria.radius === 0 ? town.name : `a point near ${town.name}`
  return { ...location, pointName, displayName: pointName, preposition: criteria.radius > 0 ? `within ${criteria.radius} miles of` : 'near' }
}
