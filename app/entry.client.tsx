import { type ErrorInfo, StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { reportClientError } from '~/utils/client-error-log'

/** React's own report (the console), then the server's client error log with the component stack. */
function onRenderError(error: unknown, errorInfo: ErrorInfo) {
  console.error(error)
  reportClientError(error, errorInfo.componentStack ?? undefined)
}

// React Router's default entry, with rendering errors reported to the server (spec §7 client error log).
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
    { onCaughtError: onRenderError, onUncaughtError: onRenderError },
  )
})
