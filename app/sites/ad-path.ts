/**
 * The first-party ad routes (issue 17 §8): the only code that writes or reads their paths. An
 * ad's link goes through its click path, which counts the click and redirects to the
 * advertiser's contact form; the slot's script posts its impression to the impression path.
 */
export function adClickPath(adId: number) {
  return `/ads/${adId}/click`
}

export function adImpressionPath(adId: number) {
  return `/ads/${adId}/impression`
}

/** The positive ad id of a path segment, or undefined. */
export function parseAdId(segment: string | undefined) {
  return segment !== undefined && /^[1-9]\d{0,8}$/.test(segment) ? Number(segment) : undefined
}
