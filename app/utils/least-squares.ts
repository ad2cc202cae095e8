/** Keeps the normal equations solvable where a column is all zeros (a dummy with no observation): a negligible ridge. */
const ridge = 1e-6

/**
 * The `size` coefficients minimising the squared error of each observation's row × coefficients
 * against its target (the normal equations, by Cholesky), read in one pass.
 */
export function leastSquares(size: number, observations: Iterable<readonly [row: Float64Array, target: number]>) {
  const gram = Array.from({ length: size }, () => new Float64Array(size))
  const moment = new Float64Array(size)
  for (const [values, target] of observations) {
    for (let i = 0; i < size; i++) {
      const value = values[i]!
      if (value === 0) continue
      moment[i]! += value * target
      for (let j = 0; j <= i; j++) gram[i]![j]! += value * values[j]!
    }
  }
  // Cholesky: gram = L Lᵀ, L stored in the lower triangle.
  for (let i = 0; i < size; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = gram[i]![j]! + (i === j ? ridge : 0)
      for (let k = 0; k < j; k++) sum -= gram[i]![k]! * gram[j]![k]!
      gram[i]![j] = i === j ? Math.sqrt(Math.max(sum, Number.MIN_VALUE)) : sum / gram[j]![j]!
    }
  }
  const forward = new Float64Array(size)
  for (let i = 0; i < size; i++) {
    let sum = moment[i]!
    for (let k = 0; k < i; k++) sum -= gram[i]![k]! * forward[k]!
    forward[i] = sum / gram[i]![i]!
  }
  const coefficients = new Float64Array(size)
  for (let i = size - 1; i >= 0; i--) {
    let sum = forward[i]!
    for (let k = i + 1; k < size; k++) sum -= gram[k]![i]! * coefficients[k]!
    coefficients[i] = sum / gram[i]![i]!
  }
  return coefficients
}
