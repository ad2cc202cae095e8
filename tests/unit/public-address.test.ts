import { describe, expect, it } from 'vitest'
import { checkedPartnerUrl } from '~/models/feeds/feed-partners.server'
import { isPublicAddress } from '~/models/net/public-address'

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, CGNAT, documentation, multicast and reserved IPv4 addresses', () => {
    for (const address of [
      '0.0.0.0',
      '127.0.0.1',
      '127.255.0.9',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '192.0.0.8',
      '192.0.2.1',
      '198.18.0.1',
      '203.0.113.10',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
    ])
      expect(isPublicAddress(address), address).toBe(false)
  })

  it('refuses IPv6 loopback, unspecified, ULA, link-local, multicast, IPv4-mapped, NAT64, 6to4, Teredo and documentation addresses', () => {
    for (const address of [
      '::1',
      '[::1]',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:8.8.8.8',
      '64:ff9b::a00:1',
      '2002:7f00:1::1',
      '2001::1',
      '2001:db8::1',
    ])
      expect(isPublicAddress(address), address).toBe(false)
  })

  it('lets public unicast addresses through, next to the refused ranges', () => {
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '100.63.255.255',
      '100.128.0.1',
      '172.15.255.255',
      '172.32.0.1',
      '192.169.0.1',
      '2606:4700::1111',
      '[2a00:1450:4001::200e]',
    ])
      expect(isPublicAddress(address), address).toBe(true)
  })

  it('says no to what is not an address at all', () => {
    for (const text of ['', 'localhost', '1.2.3', '2130706433']) expect(isPublicAddress(text), text).toBe(false)
  })
})

describe('checkedPartnerUrl (npm run partner)', () => {
  it('keeps an https address on a public host', () => {
    expect(checkedPartnerUrl('https://feeds.partner.example/listings.xml')).toBe('https://feeds.partner.example/listings.xml')
  })

  it('refuses a feed or webhook URL that is not https, with a message saying so', () => {
    for (const text of ['file:///etc/passwd', 'ftp://feeds.partner.example/feed.xml', 'http://feeds.partner.example/feed.xml', '/var/feeds/feed.xml'])
      expect(() => checkedPartnerUrl(text), text).toThrow(/not an address|must be an https address/)
  })

  it('refuses a loopback, private or metadata host, however written, with a message saying so', () => {
    for (const text of [
      'https://127.0.0.1/feed.xml',
      'https://localhost/feed.xml',
      'https://[::1]/feed.xml',
      'https://2130706433/feed.xml',
      'https://10.0.0.1/leads',
      'https://169.254.169.254/',
    ])
      expect(() => checkedPartnerUrl(text), text).toThrow(/not a public internet address/)
  })
})
