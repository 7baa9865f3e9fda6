/**
 * The key the per-address limits count under: IPv4 as it is (mapped or not), IPv6 by its /64, and
 * behind a proxy the address the proxy wrote last.
 */
import { describe, expect, test } from 'vitest';
import { addressKey, clientAddress } from '../../src/server/client-address.js';

describe('addressKey', () => {
  test('an IPv4 address is its own key, the same over IPv4 and as an IPv4-mapped IPv6 address', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  test('every IPv6 address of one /64 has one key, however it is written', () => {
    const keys = ['2001:db8:a0:1::1', '2001:0db8:00a0:0001:ffff:ffff:ffff:ffff', '2001:db8:a0:1:0:0:0:9', '2001:DB8:A0:1::1.2.3.4'].map(addressKey);
    expect(new Set(keys)).toEqual(new Set(['2001:db8:a0:1::/64']));
    expect(addressKey('2001:db8:a0:2::1')).toBe('2001:db8:a0:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  test('anything else is kept as it is', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});

describe('clientAddress', () => {
  const request = (remoteAddress: string, forwarded?: string) => ({ headers: forwarded ? { 'x-forwarded-for': forwarded } : {}, socket: { remoteAddress } });

  test('the socket address, keyed; X-Forwarded-For is ignored unless TRUST_PROXY', () => {
    expect(clientAddress(request('::ffff:10.0.0.5', '198.51.100.1') as never, false)).toBe('10.0.0.5');
    expect(clientAddress(request('2001:db8:1:2:3:4:5:6') as never, false)).toBe('2001:db8:1:2::/64');
  });

  test("behind a proxy, the last X-Forwarded-For entry (the one the proxy wrote), keyed", () => {
    expect(clientAddress(request('10.0.0.1', 'spoofed, 2001:db8:5:6::77') as never, true)).toBe('2001:db8:5:6::/64');
    expect(clientAddress(request('10.0.0.1', '198.51.100.1, 203.0.113.9') as never, true)).toBe('203.0.113.9');
  });

  test('a last X-Forwarded-For entry that is not an address is not a key: the socket address is', () => {
    // A server behind no proxy with TRUST_PROXY on passes the client's own header along: any text
    // there would be a key of the client's choosing (a fresh one per request).
    expect(clientAddress(request('10.0.0.1', 'farm-account-7') as never, true)).toBe('10.0.0.1');
    expect(clientAddress(request('10.0.0.1', '203.0.113.9, 1.2.3') as never, true)).toBe('10.0.0.1');
  });
});
