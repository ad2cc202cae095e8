/**
 * Numbers written in words ('two hundred thousand', 'one and a half million', 'forty'), read as
 * digits (decision 0072: compromise's number reader took 1 to 40 ms a sentence and misread
 * 'between one hundred and two hundred thousand', so these few lines do it).
 */
const units: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
}
const scales: Record<string, number> = { thousand: 1_000, million: 1_000_000 }
const isScale = (word: string | undefined) => word !== undefined && (word in scales || word === 'mil')

/**
 * Whether 'and' at `index - 1` is inside a number: 'one and a half', 'one hundred and five'; not
 * 'one hundred and two hundred', which is two numbers ('between one hundred and two hundred thousand').
 */
function joinsNumber(words: readonly string[], index: number) {
  const next = words[index]
  if (next === 'half' || (next === 'a' && words[index + 1] === 'half')) return true
  return next !== undefined && next in units && words[index + 1] !== 'hundred' && !(words[index + 1]! in scales)
}

/**
 * The number written from `words[start]`, and how many words it takes; undefined when none
 * starts there. 'a' and 'and' count only inside a number ('a hundred', 'one and a half').
 */
export function readNumberWords(words: readonly string[], start: number): { value: number; length: number } | undefined {
  let total = 0
  let current = 0
  let index = start
  let read = false
  for (; index < words.length; index += 1) {
    const word = words[index]!
    const next = words[index + 1]
    if (word in units) current += units[word]!
    else if (word === 'hundred') current = (current || 1) * 100
    else if (word in scales) {
      total += (current || 1) * scales[word]!
      current = 0
    } else if (word === 'half') current += 0.5
    // 'a quarter million'; a quarter alone is no number here ('a quarter section' is 160 acres).
    else if (word === 'quarter' && isScale(next)) current += 0.25
    else if (word === 'a' && (next === 'half' || next === 'hundred' || isScale(next) || (next === 'quarter' && isScale(words[index + 2])))) continue
    else if (word === 'and' && read && joinsNumber(words, index + 1)) continue
    else break
    read = true
  }
  if (!read) return undefined
  // 'half a million': the half scales with what follows, as in 'one and a half million'.
  return { value: total + current, length: index - start }
}
