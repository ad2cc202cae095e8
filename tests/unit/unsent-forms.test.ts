import { describe, expect, test } from 'vitest'
import { type KeptStorage, forgetUnsentForm, keepUnsentForm, keepableEntries, readUnsentForm, unsentFormKey } from '~/browser/unsent-forms'

/** What a form that could not be sent keeps in the browser's storage (issue 20 item 4): its words, never a secret. */
function memoryStorage(): KeptStorage & { items: Map<string, string> } {
  const items = new Map<string, string>()
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value), removeItem: (key) => void items.delete(key) }
}

describe('a form kept until it is sent', () => {
  const key = unsentFormKey('/property/40-acres-in-travis-county-tx/1234/', 'contact-form')

  test('is kept per page and form, read back as it was typed, and gone once forgotten', () => {
    const storage = memoryStorage()
    const entries = keepableEntries([
      ['intent', 'contact'],
      ['name', 'Pat Buyer'],
      ['message', 'Is the creek\nyear-round?'],
      ['formKey', 'k3Y-0f-th1s-f0rm-1234'],
    ])
    keepUnsentForm(storage, key, entries)
    expect(readUnsentForm(storage, key)).toEqual(entries)
    expect(readUnsentForm(storage, unsentFormKey('/property/other/99/', 'contact-form'))).toBeNull()
    expect(readUnsentForm(storage, unsentFormKey('/property/40-acres-in-travis-county-tx/1234/', 'share-form'))).toBeNull()
    forgetUnsentForm(storage, key)
    expect(readUnsentForm(storage, key)).toBeNull()
    expect(storage.items.size).toBe(0)
  })

  test('never keeps a password, a card number or a file', () => {
    const file = new File(['photo'], 'creek.jpg')
    const entries = keepableEntries(
      [
        ['email', 'pat@example.com'],
        ['password', 'hunter22'],
        ['newPassword', 'hunter23'],
        ['cardNumber', '4111111111111111'],
        ['cvc', '123'],
        ['pin', '4321'],
        ['photo', file],
      ],
      new Set(['pin']),
    )
    expect(entries).toEqual([['email', 'pat@example.com']])
  })

  test('what is not a kept form (another script’s value, a broken write) reads as nothing', () => {
    const storage = memoryStorage()
    for (const value of ['{"name":"Pat"}', 'not json', '[["name"]]', '[["name", 3]]']) {
      storage.setItem(key, value)
      expect(readUnsentForm(storage, key), value).toBeNull()
    }
  })

  test('a storage that refuses (a full or private one) loses the copy, not the page', () => {
    const refusing: KeptStorage = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => {
        throw new Error('SecurityError')
      },
    }
    expect(() => keepUnsentForm(refusing, key, [['name', 'Pat']])).not.toThrow()
    expect(readUnsentForm(refusing, key)).toBeNull()
    expect(() => forgetUnsentForm(refusing, key)).not.toThrow()
  })
})
