import { describe, expect, it } from 'vitest';
import { describeExpiry, expiryFromNow, needsRenewal } from '../../src/auth/token-expiry.js';

const NOW = Date.parse('2025-06-01T12:00:00.000Z');

describe('expiryFromNow', () => {
  it('turns expires_in seconds into an ISO timestamp', () => {
    expect(expiryFromNow(3600, NOW)).toBe('2025-06-01T13:00:00.000Z');
  });

  it.each([undefined, 0, -5, Number.NaN])('gives no expiry for %s', (value) => {
    expect(expiryFromNow(value, NOW)).toBeUndefined();
  });
});

describe('needsRenewal', () => {
  it.each([
    ['2025-06-01T13:00:00.000Z', false],
    ['2025-06-01T12:01:00.001Z', false],
    ['2025-06-01T12:00:59.000Z', true], // inside the one-minute margin
    ['2025-06-01T11:00:00.000Z', true],
    [undefined, false], // unknown expiry: the 401 hook handles it
    ['not a date', false],
  ])('%s → %s', (expiresAt, expected) => {
    expect(needsRenewal(expiresAt, NOW)).toBe(expected);
  });
});

describe('describeExpiry', () => {
  it.each([
    ['2025-06-01T12:00:30.000Z', 'in 30 s'],
    ['2025-06-01T12:59:00.000Z', 'in 59 min'],
    ['2025-06-01T17:00:00.000Z', 'in 5 h'],
    ['2025-06-04T12:00:00.000Z', 'in 3 days'],
    ['2025-06-01T11:57:00.000Z', 'expired 3 min ago'],
  ])('%s → %s', (expiresAt, expected) => {
    expect(describeExpiry(expiresAt, NOW)).toBe(expected);
  });
});
