/** Mixes a (possibly > 32-bit) id and a salt into a 32-bit seed (murmur3 finaliser). */
function hashSeed(id: number, salt: number): number {
  const low = id % 0x1_0000_0000
  const high = Math.floor(id / 0x1_0000_0000)
  let hash = Math.imul(low ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(high + salt * 0x27d4eb2d, 0xc2b2ae35)
  hash ^= hash >>> 16
  hash = Math.imul(hash, 0x85ebca6b)
  hash ^= hash >>> 13
  hash = Math.imul(hash, 0xc2b2ae35)
  hash ^= hash >>> 16
  return hash >>> 0
}

/** mulberry32: tiny, fast and good enough for picking shapes and colours. */
export class SeededRandom {
  private state: number

  /** The salt gives each kind of picture its own sequence, so a photo and a portrait of the same id do not look alike. */
  constructor(id: number, salt: number) {
    this.state = hashSeed(id, salt)
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0
    let mixed = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state)
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296
  }

  range(min: number, max: number): number {
    return min + (max - min) * this.next()
  }

  integer(min: number, max: number): number {
    return Math.floor(this.range(min, max + 1))
  }

  chance(probability: number): boolean {
    return this.next() < probability
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!
  }
}
