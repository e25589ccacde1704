import net from 'node:net';

/**
 * Who a "client" is for the per-client limits: an IPv4 address, or an IPv6 address's /64 prefix.
 * One subscriber is routinely given a whole /64, so counting single IPv6 addresses would let
 * anyone start afresh by changing the last 64 bits. An IPv4 address mapped into IPv6
 * (`::ffff:203.0.113.7`, as a dual-stack socket reports it) is the IPv4 address. Anything else
 * (not an IP address) is used as it is.
 */
export function clientKey(ip: string): string {
  // A zone (`fe80::1%eth0`) names the interface, not the peer.
  const address = ip.split('%')[0]!;
  if (net.isIPv4(address)) return address;
  if (!net.isIPv6(address)) return ip;
  const groups = expandIPv6(address);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
function expandIPv6(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const zeros: number[] = Array.from({ length: 8 - front.length - back.length }, () => 0);
  return [...front, ...zeros, ...back];
}
