import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_LENGTH } from '@boutique/contracts';

export const PASSWORD_TOO_COMMON = 'This password is too common. Choose one that is harder to guess.';
export const PASSWORD_CONTAINS_EMAIL = 'The password may not contain your e-mail address.';

/**
 * The most used passwords (about 49,000, from the list zxcvbn-ts keeps), lower-cased; only those long enough
 * to pass the length rule at all are kept. Loaded once, about 1 MB.
 */
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(
    dictionary['passwords-common'].map((p) => p.toLowerCase()).filter((p) => p.length >= PASSWORD_MIN_LENGTH),
  );
  return common;
}

/** The parts of an e-mail's name worth refusing inside a password: the whole name, and its longer pieces. */
function namePieces(email: string): string[] {
  const name = email.slice(0, email.lastIndexOf('@')).toLowerCase();
  const pieces = name.split(/[._+-]+/).filter((piece) => piece.length >= 4);
  return [...new Set([name, ...pieces])].filter((piece) => piece.length >= 3);
}

/**
 * Why a new password is refused (ASVS 6.2.4 and 6.2.11), or undefined: one of the most common passwords, or
 * one that contains the name of the account's e-mail address. Length is the contracts' rule.
 */
export function weakPasswordReason(password: string, email: string): string | undefined {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return PASSWORD_TOO_COMMON;
  if (namePieces(email).some((piece) => lower.includes(piece))) return PASSWORD_CONTAINS_EMAIL;
  return undefined;
}
