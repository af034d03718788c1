import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: a number read out over the phone or copied from a screenshot survives. */
export const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const LENGTH = 8;

/**
 * `DL-` and eight characters of that alphabet: 31^8 (about 8.5e11) numbers, so a collision is rare, and the
 * unique key catches it (the caller draws again). Random, not sequential: it says nothing about sales.
 */
export function newOrderNumber(): string {
  let out = 'DL-';
  for (let i = 0; i < LENGTH; i += 1) out += ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  return out;
}

export const ORDER_NUMBER_PATTERN = /^DL-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/;
