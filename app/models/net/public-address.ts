import { BlockList, isIP } from 'node:net'

/**
 * Which IP addresses the server may send a request to on a partner's or a lender's word (issue 33,
 * decision 0048): public unicast only. The refused IPv4 ranges are IANA's special-purpose registry
 * (RFC 6890 and its updates) plus multicast and the old class E; an IPv6 address must lie in global
 * unicast (2000::/3), which leaves out loopback, unspecified, IPv4-mapped, NAT64, ULA (fc00::/7),
 * link-local and multicast at once, and then outside the special blocks inside it.
 */

const refusedIPv4 = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 itself
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, the clouds' metadata service (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  refusedIPv4.addSubnet(network, prefix, 'ipv4')

const globalUnicastIPv6 = new BlockList()
globalUnicastIPv6.addSubnet('2000::', 3, 'ipv6')

const refusedIPv6 = new BlockList()
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments: Teredo (which carries an IPv4 address), benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address, private or not, inside an IPv6 one
  ['3fff::', 20], // documentation
] as const)
  refusedIPv6.addSubnet(network, prefix, 'ipv6')

const unbracketed = (host: string) => (host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host)

/** Whether `address` (an IP address as written, IPv6 with or without brackets) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const bare = unbracketed(address)
  switch (isIP(bare)) {
    case 4:
      return !refusedIPv4.check(bare, 'ipv4')
    case 6:
      // A scoped address (fe80::1%eth0) is link-local by definition, and BlockList refuses to parse it.
      return !bare.includes('%') && globalUnicastIPv6.check(bare, 'ipv6') && !refusedIPv6.check(bare, 'ipv6')
    default:
      return false
  }
}

/**
 * Whether a URL's host (`url.hostname`, which the URL parser has made of 2130706433 or 0x7f.1 into
 * 127.0.0.1) is an IP address that is not public. A name is not: what it resolves to is checked
 * when it is resolved.
 */
export function isNonPublicIpHost(hostname: string) {
  return isIP(unbracketed(hostname)) !== 0 && !isPublicAddress(hostname)
}
