import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key';

describe('clientKey', () => {
  it('is the IPv4 address itself', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('127.0.0.1')).toBe('127.0.0.1');
  });

  it('is the IPv4 address for an IPv4-mapped IPv6 address, however it is written', () => {
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(clientKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is the /64 prefix of an IPv6 address: every address of one /64 is one client', () => {
    const a = clientKey('2001:db8:1234:5678::1');
    expect(a).toBe('2001:db8:1234:5678::/64');
    expect(clientKey('2001:db8:1234:5678:ffff:ffff:ffff:fffe')).toBe(a);
    expect(clientKey('2001:0DB8:1234:5678:abcd:0:0:9')).toBe(a);
    expect(clientKey('2001:db8:1234:5678:0:0:0:0')).toBe(a);
    // The next /64 is another client.
    expect(clientKey('2001:db8:1234:5679::1')).toBe('2001:db8:1234:5679::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    // Not mapped: ::ffff in another position, or the IPv4-compatible form, stays IPv6.
    expect(clientKey('::ffff:0:203.0.113.7')).toBe('0:0:0:0::/64');
    expect(clientKey('64:ff9b::203.0.113.7')).toBe('64:ff9b:0:0::/64');
  });

  it('keeps anything that is not an IP address as it is', () => {
    expect(clientKey('unknown')).toBe('unknown');
    expect(clientKey('')).toBe('');
  });
});
