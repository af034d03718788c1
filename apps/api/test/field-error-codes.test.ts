import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ErrorEnvelopeSchema, FIELD_ERROR_CODES } from '@boutique/contracts';
import { addresses, contactMessages, users } from '../src/db/schema/index.js';
import { call, newShopper } from './support/shop.js';
import { startTestApp, type TestApp } from './helpers.js';

/**
 * A 422 names each refused field twice: the English message in `errors`, and its code in `error_codes` (same
 * fields, same order). The storefront translates the codes, so these are what a shopper ends up reading.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ REGISTER_LIMIT_PER_IP: '10000' });
});
afterAll(() => t?.close());

const count = async (table: typeof users | typeof contactMessages | typeof addresses) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;

const register = (body: Record<string, unknown>) =>
  call(t, 'POST', '/api/v1/auth/register', undefined, {
    name: 'Salma Bennani',
    email: 'salma.codes@example.ae',
    password: 'Saffron-Silk-2025',
    password_confirmation: 'Saffron-Silk-2025',
    ...body,
  });

/** The answer is a valid envelope whose codes name exactly the fields and messages of `errors`. */
function expectParallel(body: unknown) {
  const envelope = ErrorEnvelopeSchema.parse(body);
  const { errors = {}, error_codes: codes = {} } = envelope;
  expect(Object.keys(codes)).toEqual(Object.keys(errors));
  for (const [field, messages] of Object.entries(errors)) expect(codes[field]).toHaveLength(messages.length);
  return codes;
}

describe('field error codes', () => {
  it('codes a registration refused by the schema: a short password, a confirmation that differs', async () => {
    const before = await count(users);
    const res = await register({ name: '  ', password: 'short', password_confirmation: 'other' });
    expect(res.status).toBe(422);
    expect(res.body.errors.password).toEqual(['The password must be at least 8 characters.']);
    expect(expectParallel(res.body)).toEqual({
      name: ['required'],
      password: ['too_short'],
      password_confirmation: ['mismatch'],
    });
    expect(await count(users)).toBe(before);
  });

  it('codes the password policy and a taken address, which the service refuses by hand', async () => {
    const before = await count(users);
    const common = await register({ password: 'password123', password_confirmation: 'password123' });
    expect(common.status).toBe(422);
    expect(expectParallel(common.body)).toEqual({ password: ['password_common'] });

    const withEmail = await register({
      password: 'salma.codes-7731',
      password_confirmation: 'salma.codes-7731',
    });
    expect(expectParallel(withEmail.body)).toEqual({ password: ['password_contains_email'] });
    expect(await count(users)).toBe(before);

    const shopper = await newShopper(t);
    const taken = await register({ email: shopper.email });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ email: ['The email has already been taken.'] });
    expect(expectParallel(taken.body)).toEqual({ email: ['taken'] });
    expect(await count(users)).toBe((before ?? 0) + 1);
  });

  it('codes a contact message with a missing field and a refused one', async () => {
    const before = await count(contactMessages);
    const res = await call(t, 'POST', '/api/v1/contact', undefined, {
      email: 'mariam@example.ae',
      subject: 'gossip',
      message: 'Is the Zahra caftan available in size M?',
    });
    expect(res.status).toBe(422);
    expect(expectParallel(res.body)).toEqual({ name: ['required'], subject: ['invalid'] });
    expect(await count(contactMessages)).toBe(before);
  });

  it('codes an address whose country is not a code, and one too long', async () => {
    const shopper = await newShopper(t);
    const before = await count(addresses);
    const res = await call(t, 'POST', '/api/v1/account/addresses', shopper.token, {
      name: 'Khadija Alaoui',
      email: 'khadija@example.ae',
      phone: '+971 50 123 4567',
      address: 'x'.repeat(201),
      city: 'Dubai',
      postalCode: '',
      country: 'UAE',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.country).toEqual(['Choose a country from the list.']);
    expect(expectParallel(res.body)).toEqual({
      address: ['too_long'],
      postalCode: ['required'],
      country: ['invalid'],
    });
    expect(await count(addresses)).toBe(before);
  });

  it('documents the codes in the OpenAPI error envelope', async () => {
    const doc = await t.json('/api/docs/json');
    const envelope = doc.body.components.schemas.ErrorEnvelope;
    expect(envelope.properties.error_codes.additionalProperties.items.enum).toEqual([...FIELD_ERROR_CODES]);
    expect(envelope.properties.error_codes.description).toMatch(/code/);
  });
});
