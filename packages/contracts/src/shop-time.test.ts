import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  isTimeZone,
  shopDay,
  shopDayAtOffset,
  shopDayStart,
  utcOffsetMinutes,
} from './shop-time.js';

describe('the shop’s days', () => {
  it('puts 21:30 UTC on the next day in Dubai, and its midnight at 20:00 UTC the day before', () => {
    expect(shopDay('2026-03-01T21:30:00Z', 'Asia/Dubai')).toBe('2026-03-02');
    expect(shopDay('2026-03-01T21:30:00Z', 'UTC')).toBe('2026-03-01');
    expect(shopDayStart('2026-03-02', 'Asia/Dubai').toISOString()).toBe('2026-03-01T20:00:00.000Z');
  });

  it('follows a clock change in a zone that has them', () => {
    expect(shopDayStart('2026-03-29', 'Europe/Paris').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(shopDayStart('2026-03-30', 'Europe/Paris').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(shopDay('2026-03-29T22:30:00Z', 'Europe/Paris')).toBe('2026-03-30');
  });

  it('knows a zone’s offset, and counts days from it without Intl', () => {
    expect(utcOffsetMinutes('Asia/Dubai', Date.parse('2026-03-01T21:30:00Z'))).toBe(240);
    expect(utcOffsetMinutes('Europe/Paris', Date.parse('2026-07-01T12:00:00Z'))).toBe(120);
    expect(utcOffsetMinutes('America/New_York', Date.parse('2026-01-01T12:00:00.500Z'))).toBe(-300);
    expect(shopDayAtOffset('2026-03-01T21:30:00Z', 240)).toBe('2026-03-02');
  });

  it('counts days and knows the zones the runtime knows', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(daysBetween('2026-02-01', '2026-03-03')).toBe(30);
    expect(isTimeZone('Asia/Dubai')).toBe(true);
    expect(isTimeZone('Asia/Nowhere')).toBe(false);
    expect(isTimeZone('Dubai; drop table')).toBe(false);
  });
});
