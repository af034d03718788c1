import { randomBytes } from 'node:crypto';
import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2';

/**
 * argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane): about 20 ms here, memory-hard
 * against GPU guessing. `Algorithm` is a const enum that isolated modules cannot read, hence the literal.
 */
export const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} satisfies Options;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Constant-time comparison inside argon2; a malformed stored hash counts as a mismatch, not an error. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one real verification when the e-mail is unknown, so the answer's timing does not tell
 * which e-mails have an account.
 */
export async function verifyNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}

/** True when the hash was made with other parameters than today's, so it is replaced at the next sign-in. */
export function needsRehash(storedHash: string): boolean {
  try {
    const used = parseOptions(storedHash);
    return (
      used.algorithm !== ARGON2_OPTIONS.algorithm ||
      used.memoryCost !== ARGON2_OPTIONS.memoryCost ||
      used.timeCost !== ARGON2_OPTIONS.timeCost ||
      used.parallelism !== ARGON2_OPTIONS.parallelism
    );
  } catch {
    return true;
  }
}
