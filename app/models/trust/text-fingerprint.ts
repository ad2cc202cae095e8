/**
 * Text fingerprints for the scam screen (issue 38 item 1): a fake listing copies a real one's
 * description with small edits. Its four-word shingles are mostly the original's, so the two share
 * a high Jaccard similarity, which MinHash estimates from 64 numbers per text; those numbers in 16
 * bands of 4 are the keys a lookup probes (locality-sensitive hashing), so finding the near copies
 * of a text among a million reads a few index entries, not a million texts.
 */

const shingleWords = 4
export const minHashCount = 64
export const bandRows = 4
export const bandCount = minHashCount / bandRows

/** FNV-1a over a string's UTF-16 code units: a stable 32-bit hash, the same in every process. */
function fnv1a(text: string) {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193)
  return hash >>> 0
}

/** MurmurHash3's finaliser: mixes a 32-bit value so each MinHash function is a different permutation. */
function mix(value: number) {
  let hash = value
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b)
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35)
  return (hash ^ (hash >>> 16)) >>> 0
}
const seeds = Array.from({ length: minHashCount }, (_, index) => mix(0x9e3779b9 + index))

/** The words of a text, lower-cased, without punctuation: a copy with other capitals or commas is the same copy. */
export const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []

/** The text's four-word shingles, hashed; a text shorter than a shingle has none. */
export function shinglesOf(text: string): Set<number> {
  const words = wordsOf(text)
  const shingles = new Set<number>()
  for (let index = 0; index + shingleWords <= words.length; index++) shingles.add(fnv1a(words.slice(index, index + shingleWords).join(' ')))
  return shingles
}

/** The text's MinHash signature: for each of 64 permutations, the least permuted shingle; undefined for a text too short to judge. */
export function minHashOf(text: string): Uint32Array | undefined {
  const shingles = shinglesOf(text)
  if (shingles.size === 0) return undefined
  const signature = new Uint32Array(minHashCount).fill(0xffffffff)
  for (const shingle of shingles)
    for (let index = 0; index < minHashCount; index++) {
      const value = mix(shingle ^ seeds[index]!)
      if (value < signature[index]!) signature[index] = value
    }
  return signature
}

/** The estimated Jaccard similarity of two texts' shingles: the share of their MinHash values that agree. */
export function estimatedSimilarity(a: Uint32Array, b: Uint32Array) {
  let same = 0
  for (let index = 0; index < minHashCount; index++) if (a[index] === b[index]) same += 1
  return same / minHashCount
}

/** The signature's 16 band keys (each band's 4 values hashed together, with the band's number): two texts sharing one are candidates. */
export function bandKeysOf(signature: Uint32Array): number[] {
  return Array.from({ length: bandCount }, (_, band) => {
    let hash = mix(band + 1)
    for (let row = 0; row < bandRows; row++) hash = mix(hash ^ signature[band * bandRows + row]!)
    // A signed 32-bit integer: what both databases store in an integer column.
    return hash | 0
  })
}
