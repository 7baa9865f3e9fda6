/**
 * The sliding window every per-user and per-address rate limit uses, against its definition: an
 * event is allowed when fewer than `limit` allowed events of its key happened in the `windowMs`
 * before it.
 */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { RateLimit } from '../../src/server/services/rate-limit.js';

test('take() allows exactly the events the definition allows, for any keys, gaps, limits and windows', () => {
  const events = fc.array(fc.record({ key: fc.constantFrom('a', 'b', 'c'), gap: fc.nat(40) }), { maxLength: 200 });
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 100 }), events, (limit, windowMs, steps) => {
      let now = 0;
      const limiter = new RateLimit(limit, windowMs, () => now);
      const allowed: { key: string; at: number }[] = [];
      for (const { key, gap } of steps) {
        now += gap;
        const expected = allowed.filter((e) => e.key === key && now - e.at < windowMs).length < limit;
        expect(limiter.take(key)).toBe(expected);
        if (expected) allowed.push({ key, at: now });
      }
    }),
  );
});

test('a refused event is not counted: the key is allowed again once its allowed events leave the window', () => {
  let now = 0;
  const limiter = new RateLimit(2, 10, () => now);
  expect([limiter.take('x'), limiter.take('x'), limiter.take('x')]).toEqual([true, true, false]);
  now = 9;
  expect(limiter.take('x')).toBe(false);
  now = 10;
  expect([limiter.take('x'), limiter.take('x'), limiter.take('x')]).toEqual([true, true, false]);
});
