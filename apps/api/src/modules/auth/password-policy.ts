import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as common } from '@zxcvbn-ts/language-common';
import { dictionary as english } from '@zxcvbn-ts/language-en';
import { dictionary as french } from '@zxcvbn-ts/language-fr';
import { PASSWORD_MIN_LENGTH } from '@boutique/contracts';
import { fieldError, type FieldError } from '../../lib/http-error.js';

export const PASSWORD_TOO_COMMON = 'This password is too common. Choose one that is harder to guess.';
export const PASSWORD_CONTAINS_EMAIL = 'The password may not contain your e-mail address.';
export const PASSWORD_TOO_EASY =
  'This password is too easy to guess. Add a few unrelated words, or make it longer.';

/**
 * The guesses (log10) zxcvbn must estimate for a new password: 10^8, where its score 3 ("safely unguessable")
 * begins. Eight random characters reach it (the contracts' minimum length stays meaningful); a word with a
 * year and a symbol (`Summer2024!`, 10^7) does not.
 */
export const PASSWORD_MIN_GUESSES_LOG10 = 8;

/** Words of this shop that a guesser tries first, whoever the account is. */
const SHOP_WORDS = [
  'dar',
  'lalla',
  'darlalla',
  'caftan',
  'kaftan',
  'jellaba',
  'djellaba',
  'takchita',
  'maroc',
];

/**
 * zxcvbn-ts with the common passwords, English and French words and names, and keyboard patterns; built once
 * (its dictionaries are a few MB), and only when a password is first checked.
 */
let factory: ZxcvbnFactory | undefined;
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common, ...english, ...french },
    graphs: adjacencyGraphs,
    // Levenshtein over these dictionaries costs about a second a check: a denial of service, not a help.
    useLevenshteinDistance: false,
    // Bounded work per check (a long password is scored on its first 40 characters, few l33t variants).
    maxLength: 40,
    l33tMaxSubstitutions: 8,
  });
  return factory;
}

let commonSet: Set<string> | undefined;
function commonPasswords(): Set<string> {
  commonSet ??= new Set(
    common['passwords-common'].map((p) => p.toLowerCase()).filter((p) => p.length >= PASSWORD_MIN_LENGTH),
  );
  return commonSet;
}

/** The parts of an e-mail's name worth refusing inside a password: the whole name, and its longer pieces. */
function namePieces(email: string): string[] {
  const name = email.slice(0, email.lastIndexOf('@')).toLowerCase();
  const pieces = name.split(/[._+-]+/).filter((piece) => piece.length >= 4);
  return [...new Set([name, ...pieces])].filter((piece) => piece.length >= 3);
}

/**
 * Why a new password is refused (ASVS 6.2.4, 6.2.11, 6.2.12), or undefined: one of the most common passwords,
 * one that contains the name of the account's e-mail address, or one zxcvbn guesses in fewer than 10^8 tries
 * with the shop's own words, the address and the person's name as what a guesser tries first
 * (`aaaaaaaaaaaa`, `DarLalla2024`, `Passw0rd!`, `Summer2024!` all fail). Length is the contracts' rule.
 */
export function weakPasswordReason(password: string, email: string, name?: string): FieldError | undefined {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return fieldError('password_common', PASSWORD_TOO_COMMON);
  if (namePieces(email).some((piece) => lower.includes(piece))) {
    return fieldError('password_contains_email', PASSWORD_CONTAINS_EMAIL);
  }
  const inputs = [...SHOP_WORDS, email, ...namePieces(email), ...(name ? name.split(/\s+/) : [])];
  if (estimator().check(password, inputs).guessesLog10 < PASSWORD_MIN_GUESSES_LOG10) {
    return fieldError('password_weak', PASSWORD_TOO_EASY);
  }
  return undefined;
}
