/**
 * `Host` headers a stranger may send, none of them a host this server serves (decision 0046): the
 * tests and `npm run audit:security` expect each to be refused before any route runs.
 */
export const hostileHosts = [
  // Passed the old "ends in .localhost" test; new URL() reads it as evil.example.
  'evil.example#.localhost',
  'evil.example',
  'evil.example:3000',
  'land.localhost.evil.example',
  'evil.example/.localhost',
  'evil.example?.localhost',
  'evil.example@land.localhost',
  'land.localhost:3000:80',
  `${'a'.repeat(8_000)}.localhost`,
]
