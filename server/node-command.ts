/**
 * How a production server process starts (`npm start`, the server tests, bench:serve and
 * bench:load): Node's arguments before the script. `--max-semi-space-size=32` gives V8's young
 * generation 32 MB semi-spaces instead of 16: a listing page allocates a few megabytes, so fewer
 * scavenges run and less survives into the old generation, which costs pause time at p95
 * (decision 0037). The benchmarks that render pages in their own process start with the same flag
 * (package.json), so they measure what production runs.
 */
export const serverNodeFlags = ['--max-semi-space-size=32']

export const productionServerArguments = [...serverNodeFlags, '--import', 'tsx', 'server/index.ts']
