/** A tap-to-call link: digits and a leading + only, as dialers expect. */
export function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}
