/** The top of a chart's scale: the smallest 1, 2 or 5 × 10ⁿ at or above the largest value, so gridlines fall on round numbers. */
export function scaleTop(largest: number) {
  const magnitude = 10 ** Math.floor(Math.log10(Math.max(largest, 1)))
  return [1, 2, 5, 10].map((step) => step * magnitude).find((value) => value >= largest) ?? largest
}
