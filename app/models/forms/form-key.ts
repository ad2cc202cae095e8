/**
 * The idempotency key of a form instance (issue 20 item 4, decision 0035): a hidden field every
 * form that makes something (a lead, a report, a request) sends, so the same submission posted
 * twice is done once (form-submissions.server.ts). Shared by the server and the browser.
 */
export const formKeyField = 'formKey'

/** What a key looks like: letters, digits, '-' and '_', 16 to 64 of them. */
export const formKeyPattern = /^[\w-]{16,64}$/

/** A new random key (22 characters of base64url, 128 bits), in the browser or on the server. */
export function newFormKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
}
