import { createHash } from 'node:crypto'
import { newFormKey } from '~/models/forms/form-key'

/**
 * The form key a page's forms carry (issue 20 item 4, decision 0035), one per response: derived
 * from the response's CSP nonce, so the ETag can leave it out as it leaves out the nonce (one
 * page, one tag, on every worker) without the nonce itself showing in a form field, where a
 * style could read it. Without a nonce (a handler called without the server), a random one.
 */
export function formKeyOfResponse(nonce: string | undefined) {
  if (!nonce) return newFormKey()
  return createHash('sha256').update(`form-key\0${nonce}`).digest('base64url').slice(0, 22)
}
