import type { ProductionServer } from '../../tests/support/server-process'

/**
 * One hostile-input check of `npm run audit:security` (issue 33): it attacks the running
 * production server and says whether the server stood, with a one-line detail of what it saw.
 */
export interface SecurityCheck {
  name: string
  run(server: AuditedServer): Promise<CheckOutcome>
}

export interface CheckOutcome {
  pass: boolean
  detail: string
}

/** The production server under audit: its port, a fetch that sends any Host header, its JSON log lines and every line it printed so far. */
export type AuditedServer = Pick<ProductionServer, 'port' | 'fetchPage' | 'logs' | 'output'> & {
  /** The folder of its database, uploads, image cache and outbox. */
  dataDir: string
}
