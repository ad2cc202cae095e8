/** The id of the inert copy of React Router's module script (deferred-framework.server.ts), which the starter puts back. */
export const deferredFrameworkScriptId = 'deferred-framework'
