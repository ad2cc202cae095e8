/** Texts that make backtracking e-mail and link patterns try a long match from every position (issue 33 finding 5). */
export const adversarialTexts = (bytes: number) => ({
  'dotted labels': 'a.'.repeat(bytes / 2),
  'local parts without a domain': 'aaaa@'.repeat(bytes / 5),
  'schemes without a colon': 'http'.repeat(bytes / 4),
  'one long word': 'a'.repeat(bytes),
  'addresses with one-letter endings': 'a@a.a'.repeat(bytes / 5),
  'labels without a known domain': 'a.abc'.repeat(bytes / 5),
})
