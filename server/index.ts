/**
 * The production server (decision 0023): the app's Express server from the build, on PORT
 * (default 3000) and HOST (default all interfaces). On SIGTERM or SIGINT it stops accepting
 * connections, lets the requests in flight finish, closes the database and exits 0; whatever is
 * still running after 10 s is cut off (exit 1). `npm start` runs it after building and preparing data.
 */
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

interface ProductionServerBuild {
  createApp: () => { listen: (port: number, host: string | undefined, done: () => void) => Server }
  closeDb: () => Promise<void>
}

const shutdownLimitMs = 10_000
/** Connections kept alive between requests are closed this often while shutting down. */
const idleSweepMs = 100

// Made by `react-router build` (server/app.ts is its entry); named in a variable, TypeScript leaves it to run time.
const serverBuildPath = '../build/server/index.js'
const build = (await import(serverBuildPath)) as ProductionServerBuild

const server = build.createApp().listen(Number(process.env.PORT ?? 3000), process.env.HOST || undefined, () => {
  // The port it got (PORT=0 asks for any free one).
  const { port } = server.address() as AddressInfo
  console.log(JSON.stringify({ time: new Date().toISOString(), event: 'listening', port, pid: process.pid }))
})

let isShuttingDown = false

function shutDown(signal: NodeJS.Signals) {
  if (isShuttingDown) return
  isShuttingDown = true
  console.log(JSON.stringify({ time: new Date().toISOString(), event: 'shutting down', signal }))
  setTimeout(() => {
    console.error(`Requests still running ${shutdownLimitMs / 1000} s after ${signal}: exiting without them`)
    process.exit(1)
  }, shutdownLimitMs).unref()
  // Idle keep-alive connections would hold the server open; busy ones close once their answer is sent.
  setInterval(() => server.closeIdleConnections(), idleSweepMs).unref()
  server.close(() => {
    build
      .closeDb()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error('Closing the database failed', error)
        process.exit(1)
      })
  })
}

process.on('SIGTERM', shutDown)
process.on('SIGINT', shutDown)
