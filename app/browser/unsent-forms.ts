/**
 * What a buyer typed into a form that could not be sent for the network (issue 20 item 4,
 * decision 0035), kept in the browser's storage per page and form until it is sent: restored on
 * reload, sent again when the connection is back. Nothing secret is ever kept: no password, no
 * card number, no file.
 */
export type FormEntries = [name: string, value: string][]

/** What `Storage` offers that this needs (localStorage in the browser; a map in tests). */
export type KeptStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

const secretName = /pass(word|code)|card|cvc|cvv|security.?code|ssn/i
const secretAutocomplete = /password|cc-/

/** The storage key of one form on one page. */
export const unsentFormKey = (pathname: string, formId: string) => `unsent-form:${pathname}#${formId}`

/** A form's entries that may be kept: text only, and nothing named or marked like a secret. */
export function keepableEntries(entries: Iterable<[string, FormDataEntryValue]>, secretControls: ReadonlySet<string> = new Set()): FormEntries {
  const kept: FormEntries = []
  for (const [name, value] of entries) {
    if (typeof value === 'string' && !secretControls.has(name) && !secretName.test(name)) kept.push([name, value])
  }
  return kept
}

/** The names of a form's controls that hold secrets by their type or autocomplete (password, card fields). */
export function secretControlNames(form: HTMLFormElement) {
  const names = new Set<string>()
  for (const control of form.elements) {
    if (!(control instanceof HTMLInputElement) || !control.name) continue
    if (control.type === 'password' || secretAutocomplete.test(control.autocomplete)) names.add(control.name)
  }
  return names
}

export function keepUnsentForm(storage: KeptStorage, key: string, entries: FormEntries) {
  try {
    storage.setItem(key, JSON.stringify(entries))
  } catch {
    // Storage full or refused (a private window): the notice still shows, the text stays in the form.
  }
}

/** The kept entries, or null when none (or what is there is not ours). */
export function readUnsentForm(storage: KeptStorage, key: string): FormEntries | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? 'null')
    const isEntries = Array.isArray(parsed) && parsed.every((entry) => Array.isArray(entry) && entry.length === 2 && entry.every((part) => typeof part === 'string'))
    return isEntries ? (parsed as FormEntries) : null
  } catch {
    return null
  }
}

export function forgetUnsentForm(storage: KeptStorage, key: string) {
  try {
    storage.removeItem(key)
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/**
 * Puts kept entries back into a form's controls: text, hidden and select values, the checked state
 * of checkboxes and radios (by value), a textarea's text. Controls named in no entry keep theirs,
 * except checkboxes, which an unsent form left unticked.
 */
export function fillForm(form: HTMLFormElement, entries: FormEntries) {
  const valuesByName = new Map<string, string[]>()
  for (const [name, value] of entries) valuesByName.set(name, [...(valuesByName.get(name) ?? []), value])
  for (const control of form.elements) {
    if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement) || !control.name) continue
    const values = valuesByName.get(control.name)
    if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
      if (values || control.type === 'checkbox') control.checked = values?.includes(control.value) ?? false
    } else if (
      values !== undefined &&
      !(control instanceof HTMLInputElement && (control.type === 'password' || control.type === 'file' || control.type === 'submit'))
    ) {
      control.value = values[0] ?? ''
    }
  }
}
