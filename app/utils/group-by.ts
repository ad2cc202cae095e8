/** Items grouped by a key, in their order; an item whose key is null belongs to no group. */
export function groupBy<Item, Key>(items: readonly Item[], keyOf: (item: Item) => Key | null) {
  const groups = new Map<Key, Item[]>()
  for (const item of items) {
    const key = keyOf(item)
    if (key === null) continue
    const group = groups.get(key)
    if (group) group.push(item)
    else groups.set(key, [item])
  }
  return groups
}
