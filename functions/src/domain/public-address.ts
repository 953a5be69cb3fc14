/**
 * Which IP addresses a webhook may reach (issue 29, docs/security.md "Webhooks: only public addresses"). Pure: an
 * address as the resolver answers it (IPv4 dotted decimal, IPv6 in any RFC 4291 text form, with or without a zone)
 * is classified by the special-purpose ranges of RFC 6890 and the IANA registries; only `public` may be reached (and
 * `loopback` on one machine, where the setting allows it). IPv6 forms that carry an IPv4 address (IPv4-mapped
 * `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) are judged by that IPv4 address, so `::ffff:127.0.0.1`
 * and `::ffff:a9fe:a9fe` are what they point at. Anything that does not parse is `invalid` and refused.
 */

export type AddressKind =
  'public' | 'loopback' | 'private' | 'link-local' | 'shared' | 'multicast' | 'unspecified' | 'reserved' | 'invalid';

/** The words a refusal uses for each kind ("a link-local address"). */
export const ADDRESS_KIND_WORDS: Record<Exclude<AddressKind, 'public'>, string> = {
  loopback: 'loopback',
  private: 'private network',
  'link-local': 'link-local',
  shared: 'carrier-grade NAT (shared)',
  multicast: 'multicast',
  unspecified: 'unspecified',
  reserved: 'reserved or documentation',
  invalid: 'unreadable',
};

/** IPv4 ranges that are not the public internet, most specific first where they overlap (none do). */
const IPV4_RANGES: readonly [prefix: string, bits: number, kind: Exclude<AddressKind, 'public' | 'invalid'>][] = [
  ['0.0.0.0', 8, 'unspecified'], // "this network" (0.0.0.0 reaches the local host on many systems)
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared'], // RFC 6598, carrier-grade NAT
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'], // includes 169.254.169.254, the cloud instance metadata service
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'], // IETF protocol assignments
  ['192.0.2.0', 24, 'reserved'], // TEST-NET-1
  ['192.88.99.0', 24, 'reserved'], // 6to4 relay anycast
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'], // benchmarking
  ['198.51.100.0', 24, 'reserved'], // TEST-NET-2
  ['203.0.113.0', 24, 'reserved'], // TEST-NET-3
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'], // includes 255.255.255.255, broadcast
];

/** Four bytes of a dotted-decimal IPv4 address (no octal, no hex, no short forms), or null. */
export function parseIPv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes: number[] = [];
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const value = Number(part);
    if (value > 255) return null;
    bytes.push(value);
  }
  return bytes;
}

/** Sixteen bytes of an IPv6 address in any RFC 4291 text form (`::`, an IPv4 tail, a `%zone`), or null. */
export function parseIPv6(text: string): number[] | null {
  const address = text.replace(/%[\w.-]+$/, '');
  if (!/^[0-9A-Fa-f:.]+$/.test(address)) return null;
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (part: string): number[] | null => {
    if (part === '') return [];
    const pieces = part.split(':');
    const groups: number[] = [];
    for (const [index, piece] of pieces.entries()) {
      if (piece.includes('.')) {
        // An IPv4 tail: only as the last piece.
        if (index !== pieces.length - 1) return null;
        const v4 = parseIPv4(piece);
        if (!v4) return null;
        groups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else {
        if (!/^[0-9A-Fa-f]{1,4}$/.test(piece)) return null;
        groups.push(parseInt(piece, 16));
      }
    }
    return groups;
  };
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (!head || !tail) return null;
  // An IPv4 tail may only end the address.
  if (halves.length === 2 && halves[0]!.includes('.')) return null;
  let groups: number[];
  if (halves.length === 2) {
    const missing = 8 - head.length - tail.length;
    if (missing < 1) return null;
    groups = [...head, ...new Array<number>(missing).fill(0), ...tail];
  } else {
    groups = head;
  }
  if (groups.length !== 8) return null;
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

/** Whether `bytes` start with the first `bits` bits of `prefix`. */
function inPrefix(bytes: readonly number[], prefix: readonly number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit++) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((bytes[byte]! & mask) !== (prefix[byte]! & mask)) return false;
  }
  return true;
}

function ipv4Kind(bytes: readonly number[]): AddressKind {
  for (const [prefix, bits, kind] of IPV4_RANGES) {
    if (inPrefix(bytes, parseIPv4(prefix)!, bits)) return kind;
  }
  return 'public';
}

const v6 = (text: string) => parseIPv6(text)!;

function ipv6Kind(bytes: readonly number[]): AddressKind {
  const zero = bytes.every((byte) => byte === 0);
  if (zero) return 'unspecified';
  if (inPrefix(bytes, v6('::1'), 128)) return 'loopback';
  // IPv4-mapped (::ffff:0:0/96) and NAT64's well-known prefix (64:ff9b::/96): the IPv4 address they carry.
  if (inPrefix(bytes, v6('::ffff:0:0'), 96) || inPrefix(bytes, v6('64:ff9b::'), 96)) return ipv4Kind(bytes.slice(12));
  // 6to4 (2002::/16) carries an IPv4 address in its next 32 bits.
  if (inPrefix(bytes, v6('2002::'), 16)) return ipv4Kind(bytes.slice(2, 6));
  if (inPrefix(bytes, v6('fe80::'), 10)) return 'link-local';
  if (inPrefix(bytes, v6('fc00::'), 7) || inPrefix(bytes, v6('fec0::'), 10)) return 'private';
  if (inPrefix(bytes, v6('ff00::'), 8)) return 'multicast';
  const reserved: [string, number][] = [
    ['::', 96], // IPv4-compatible (deprecated)
    ['64:ff9b:1::', 48], // local-use NAT64
    ['100::', 64], // discard-only
    ['2001::', 23], // IETF protocol assignments, Teredo (2001::/32) among them
    ['2001:db8::', 32], // documentation
    ['3fff::', 20], // documentation (RFC 9637)
  ];
  if (reserved.some(([prefix, bits]) => inPrefix(bytes, v6(prefix), bits))) return 'reserved';
  // The public IPv6 internet is global unicast, 2000::/3; everything else is unassigned.
  return inPrefix(bytes, v6('2000::'), 3) ? 'public' : 'reserved';
}

/** What an IP address (as text) is: only `public` addresses are the internet. */
export function addressKind(address: string): AddressKind {
  const text = address.trim().replace(/^\[(.*)\]$/, '$1');
  const v4 = parseIPv4(text);
  if (v4) return ipv4Kind(v4);
  const v6bytes = text.includes(':') ? parseIPv6(text) : null;
  if (v6bytes) return ipv6Kind(v6bytes);
  return 'invalid';
}

/** Whether `host` (a URL's hostname, IPv6 in brackets or not) is an IP address rather than a name. */
export function isIpAddress(host: string): boolean {
  const text = host.replace(/^\[(.*)\]$/, '$1');
  return parseIPv4(text) !== null || (text.includes(':') && parseIPv6(text) !== null);
}

/**
 * Whether a webhook may reach `address`: a public address, or a loopback one where `allowLoopback` (one machine's
 * setting, never the cloud's). Answers null when it may, else the kind that refuses it.
 */
export function refusedAddress(address: string, allowLoopback: boolean): Exclude<AddressKind, 'public'> | null {
  const kind = addressKind(address);
  if (kind === 'public') return null;
  if (kind === 'loopback' && allowLoopback) return null;
  return kind;
}
