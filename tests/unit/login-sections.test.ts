import { describe, expect, test } from 'vitest'
import { loginSectionKey, loginSectionTitle, requestedLoginSection } from '~/models/accounts/login-sections'

/** The login page's title (spec §2 '{site} {section}') comes from a fixed list of sections, never from a link's words. */
const section = (query: string) => requestedLoginSection('LandAtlas', new URLSearchParams(query))

describe('the section a login link names', () => {
  test('a key from the list names its section', () => {
    expect(section('section=favorites')).toBe('favorites')
    expect(loginSectionTitle('LandAtlas', 'favorites')).toBe('LandAtlas Favorites')
    expect(loginSectionTitle('LandAtlas', loginSectionKey('Saved Searches'))).toBe('LandAtlas Saved Searches')
  })

  test('a key not on the list names none', () => {
    for (const query of ['section=Favorites', 'section=toString', 'section=__proto__', 'section=', 'section=favorites%20'])
      expect(section(query), query).toBeUndefined()
  })

  test('an old link’s title still works when it is exactly the site name and a section name', () => {
    expect(section(`title=${encodeURIComponent('LandAtlas Favorites')}`)).toBe('favorites')
    expect(section(`title=${encodeURIComponent('LandAtlas Add a Property')}`)).toBe('add-property')
  })

  test('any other title names none, even one that starts with the site name', () => {
    for (const title of ['LandAtlas Enter your bank password', 'Enter your bank password', 'LandAtlas favorites', 'Wild Acres Favorites', 'LandAtlas Favorites ']) {
      expect(section(`title=${encodeURIComponent(title)}`), title).toBeUndefined()
    }
  })
})
