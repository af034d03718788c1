import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ADDRESSES_MAX } from '@boutique/contracts';
import { openDatabase } from '../src/db/client.js';
import { migrateDatabase } from '../src/db/migrate.js';
import { DatabaseInUseError, lockDataDir } from '../src/db/pglite-lock.js';
import { addresses, auditLog, users, userTotp } from '../src/db/schema/index.js';
import { userAdmin } from '../src/cli/user-admin-command.js';
import { setUserRole } from '../src/modules/account/roles.js';
import { signUp } from './support/shop.js';
import { startTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    REGISTER_LIMIT_PER_IP: '10000',
    LOGIN_LIMIT_PER_IP: '10000',
    LOGIN_LIMIT_PER_EMAIL: '10000',
  });
});
afterAll(() => t?.close());

const PASSWORD = 'Mint-Tea-At-Five';
let seq = 0;

interface Customer {
  id: number;
  email: string;
  accessToken: string;
  refreshToken: string;
}

async function newCustomer(): Promise<Customer> {
  seq += 1;
  const email = `khadija.${seq}@example.ae`;
  const res = await signUp(t, { name: 'Khadija Alaoui', email, password: PASSWORD });
  return { id: res.body.data.user.id, email, ...res.body.data.tokens };
}

const call = (
  method: string,
  path: string,
  who: Customer | undefined,
  body?: unknown,
  headers: Record<string, string> = {},
) =>
  t.json(path, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(who && { authorization: `Bearer ${who.accessToken}` }),
      ...headers,
    },
    ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });

const login = (email: string, password: string) =>
  call('POST', '/api/v1/auth/login', undefined, { email, password });
const refresh = (refreshToken: string) =>
  t.json('/api/v1/auth/refresh', { method: 'POST', headers: { cookie: `refresh_token=${refreshToken}` } });
const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

const expectUnauthenticated = (res: { status: number; body: any }) => {
  expect(res.status).toBe(401);
  expect(res.body).toMatchObject({ success: false, message: 'Unauthenticated.' });
};

// ---------------------------------------------------------------- profile

describe('the profile', () => {
  const patch = (who: Customer | undefined, body: unknown, headers?: Record<string, string>) =>
    call('PATCH', '/api/v1/auth/user', who, body, headers);

  const avatarDir = () => join(t.config.storage.dir, 'avatars');
  const avatarFiles = () => (existsSync(avatarDir()) ? readdirSync(avatarDir()).sort() : []);
  const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#7a2e2e' } })
      .png()
      .toBuffer();

  it('changes the name and answers the user', async () => {
    const me = await newCustomer();
    const res = await patch(me, { name: '  Khadija El Fassi ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        user: {
          id: me.id,
          name: 'Khadija El Fassi',
          email: me.email,
          avatar: null,
          role: 'customer',
          email_verified: false,
          created_at: expect.any(String),
        },
      },
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const read = await call('GET', '/api/v1/auth/user', me);
    expect(read.body.data.user.name).toBe('Khadija El Fassi');
  });

  it('refuses an invalid name and changes nothing', async () => {
    const me = await newCustomer();
    const before = await userRow(me.id);
    for (const [name, message] of [
      ['   ', 'The name field is required.'],
      ['x'.repeat(101), 'The name may not be greater than 100 characters.'],
      ['Kha\u0000dija', 'The name contains characters that are not allowed.'],
      [42, expect.any(String)],
    ] as const) {
      const res = await patch(me, { name });
      expect(res.status).toBe(422);
      expect(res.body.errors.name).toEqual([message]);
    }
    expect(await userRow(me.id)).toEqual(before);
  });

  it('stores a picture as a 256×256 WebP served under /storage, replacing the previous one', async () => {
    const me = await newCustomer();
    const first = await patch(me, { avatar: dataUrl('image/png', await png(600, 400)) });
    expect(first.status).toBe(200);
    const url: string = first.body.data.user.avatar;
    expect(url).toMatch(new RegExp(`^/storage/avatars/${me.id}-[A-Za-z0-9_-]+\\.webp$`));
    const served = await t.fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect((await userRow(me.id)).avatar).toBe(url);

    const jpeg = await sharp({ create: { width: 300, height: 900, channels: 3, background: '#0f5c4a' } })
      .jpeg()
      .toBuffer();
    const second = await patch(me, { avatar: dataUrl('image/jpeg', jpeg) });
    expect(second.status).toBe(200);
    const next: string = second.body.data.user.avatar;
    expect(next).not.toBe(url);
    expect((await t.fetch(next)).status).toBe(200);
    // The old file is gone from the disk.
    expect(existsSync(join(t.config.storage.dir, url.replace('/storage/', '')))).toBe(false);
    expect((await t.fetch(url)).status).toBe(404);
  });

  it('takes a picture of nearly 2 MB, beyond the usual 1 MB limit of a request', async () => {
    const me = await newCustomer();
    // Noise does not compress: about 1.6 MB of PNG, 2.1 MB of data URL.
    const noise = await sharp(randomBytes(730 * 730 * 3), { raw: { width: 730, height: 730, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(1.5 * 1024 * 1024);
    expect(noise.length).toBeLessThan(2 * 1024 * 1024);
    const res = await patch(me, { avatar: dataUrl('image/png', noise) });
    expect(res.status).toBe(200);
    expect(res.body.data.user.avatar).toMatch(/^\/storage\/avatars\//);
  });

  it('refuses anything but a real JPEG, PNG or WebP of at most 2 MB, and changes nothing', async () => {
    const me = await newCustomer();
    const kept = (await patch(me, { avatar: dataUrl('image/png', await png(64, 64)) })).body.data.user.avatar;
    const before = await userRow(me.id);
    const filesBefore = avatarFiles();

    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>');
    const tooBig = Buffer.concat([await png(16, 16), randomBytes(2 * 1024 * 1024)]);
    const truncated = (await png(200, 200)).subarray(0, 60);
    const cases: [string, unknown, unknown][] = [
      ['a web address', 'https://example.com/me.png', 'The avatar must be a JPEG, PNG or WebP image.'],
      ['an SVG', dataUrl('image/svg+xml', svg), 'The avatar must be a JPEG, PNG or WebP image.'],
      ['a GIF called a PNG', dataUrl('image/png', gif), 'The avatar must be a JPEG, PNG or WebP image.'],
      [
        'text called a PNG',
        dataUrl('image/png', Buffer.from('hello')),
        'The avatar could not be read as an image.',
      ],
      ['a cut-off PNG', dataUrl('image/png', truncated), 'The avatar could not be read as an image.'],
      [
        'broken base64',
        'data:image/png;base64,%%%not base64%%%',
        'The avatar could not be read as an image.',
      ],
      ['more than 2 MB', dataUrl('image/png', tooBig), 'The avatar may not be greater than 2 MB.'],
      ['a number', 12, expect.any(String)],
    ];
    for (const [label, avatar, message] of cases) {
      const res = await patch(me, { name: 'Not Saved', avatar });
      expect(res.status, label).toBe(422);
      expect(res.body.errors, label).toEqual({ avatar: [message] });
    }
    expect(await userRow(me.id)).toEqual(before);
    expect(avatarFiles()).toEqual(filesBefore);
    expect((await t.fetch(kept)).status).toBe(200);
  });

  it('refuses a picture of more pixels than a phone photo before decoding it, and changes nothing', async () => {
    const me = await newCustomer();
    const before = await userRow(me.id);
    // 5000 × 5000 of one colour is a small file: what costs is decoding it (a 9999 × 9999 one took 1.9 s).
    const res = await patch(me, { avatar: dataUrl('image/png', await png(5000, 5000)) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      avatar: ['The avatar may not have more than 24 million pixels (6000 × 4000).'],
    });
    expect(await userRow(me.id)).toEqual(before);
    expect((await patch(me, { avatar: dataUrl('image/png', await png(6000, 4000)) })).status).toBe(200);
  });

  it('takes at most AVATAR_LIMIT_PER_USER new pictures an hour from one account (429), other changes go on', async () => {
    const me = await newCustomer();
    const small = dataUrl('image/png', await png(32, 32));
    for (let i = 0; i < 10; i++)
      expect((await patch(me, { avatar: small })).status, `picture ${i + 1}`).toBe(200);
    const before = await userRow(me.id);
    const refused = await patch(me, { name: 'Not Saved', avatar: small });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await userRow(me.id)).toEqual(before);
    expect((await patch(me, { name: 'Khadija' })).status).toBe(200);
    expect((await patch(me, { avatar: null })).status).toBe(200);
  });

  it('removes the picture with avatar: null', async () => {
    const me = await newCustomer();
    const url = (await patch(me, { avatar: dataUrl('image/png', await png(32, 32)) })).body.data.user.avatar;
    const res = await patch(me, { avatar: null });
    expect(res.status).toBe(200);
    expect(res.body.data.user.avatar).toBeNull();
    expect((await userRow(me.id)).avatar).toBeNull();
    expect(existsSync(join(t.config.storage.dir, url.replace('/storage/', '')))).toBe(false);
  });

  it('leaves a picture address it did not store (a social provider’s) alone', async () => {
    const me = await newCustomer();
    await t.database.db
      .update(users)
      .set({ avatar: 'https://lh3.googleusercontent.com/a/photo' })
      .where(eq(users.id, me.id));
    const res = await patch(me, { avatar: null });
    expect(res.status).toBe(200);
    expect(res.body.data.user.avatar).toBeNull();
  });

  describe('changing the password', () => {
    const NEW = 'Argan-Oil-And-Rose';
    const change = (who: Customer, extra: Record<string, unknown>, headers?: Record<string, string>) =>
      patch(who, { password: NEW, password_confirmation: NEW, ...extra }, headers);

    it('needs the right current password, and a refusal changes nothing', async () => {
      const me = await newCustomer();
      const before = await userRow(me.id);
      const missing = await change(me, { name: 'Not Saved' });
      expect(missing.status).toBe(422);
      expect(missing.body.errors).toEqual({
        current_password: ['Enter your current password to choose a new one.'],
      });
      const wrong = await change(me, { current_password: 'Mint-Tea-At-Six', name: 'Not Saved' });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors).toEqual({ current_password: ['The current password is incorrect.'] });
      const mismatch = await change(me, { current_password: PASSWORD, password_confirmation: 'Argan' });
      expect(mismatch.body.errors).toEqual({
        password_confirmation: ['The password confirmation does not match.'],
      });
      const noConfirmation = await patch(me, { current_password: PASSWORD, password: NEW });
      expect(noConfirmation.body.errors).toEqual({
        password_confirmation: ['The password confirmation does not match.'],
      });
      const short = await change(me, { current_password: PASSWORD, password: 'short' });
      expect(short.body.errors.password).toEqual(['The password must be at least 8 characters.']);

      expect(await userRow(me.id)).toEqual(before);
      expect((await login(me.email, PASSWORD)).status).toBe(200);
      expect((await refresh(me.refreshToken)).status).toBe(200);
    });

    it('sets the new password and ends the other sign-ins, keeping the one making the change', async () => {
      const me = await newCustomer();
      const phone = (await login(me.email, PASSWORD)).body.data.tokens;
      const tablet = (await login(me.email, PASSWORD)).body.data.tokens;

      const res = await change(
        me,
        { current_password: PASSWORD },
        { cookie: `refresh_token=${me.refreshToken}` },
      );
      expect(res.status).toBe(200);
      expect(res.body.data.user.id).toBe(me.id);
      expect(JSON.stringify(res.body)).not.toMatch(/password|argon/i);

      expect((await login(me.email, PASSWORD)).status).toBe(401);
      expect((await login(me.email, NEW)).status).toBe(200);
      expect((await refresh(phone.refreshToken)).status).toBe(401);
      expect((await refresh(tablet.refreshToken)).status).toBe(401);
      // This browser stays signed in.
      expect((await refresh(me.refreshToken)).status).toBe(200);
    });

    it('keeps the sign-in of the access token, whatever cookie comes along, and ends the others', async () => {
      const me = await newCustomer();
      const elsewhere = (await login(me.email, PASSWORD)).body.data.tokens;
      const stranger = await newCustomer();
      const res = await change(
        me,
        { current_password: PASSWORD },
        {
          cookie: `refresh_token=${stranger.refreshToken}`,
        },
      );
      expect(res.status).toBe(200);
      expect((await refresh(me.refreshToken)).status).toBe(200);
      expect((await refresh(elsewhere.refreshToken)).status).toBe(401);
      expect((await refresh(stranger.refreshToken)).status).toBe(200);
    });

    it('lets an account made by social sign-in choose a password without a current one', async () => {
      const me = await newCustomer();
      await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, me.id));
      const res = await patch(me, { password: NEW, password_confirmation: NEW });
      expect(res.status).toBe(200);
      expect((await login(me.email, NEW)).status).toBe(200);
      // From now on the current password is needed.
      const again = await patch(me, {
        password: 'Something-Else-1',
        password_confirmation: 'Something-Else-1',
      });
      expect(again.status).toBe(422);
    });
  });

  it('answers 401 without a valid access token, before looking at the form', async () => {
    expectUnauthenticated(await patch(undefined, { name: 'Nobody' }));
    expectUnauthenticated(await patch(undefined, { name: '' }));
    expectUnauthenticated(
      await patch({ id: 0, email: '', accessToken: 'not.a.token', refreshToken: '' }, { name: 'Nobody' }),
    );
  });
});

// ---------------------------------------------------------------- addresses

const BASE = '/api/v1/account/addresses';

let addressSeq = 0;
const anAddress = (overrides: Record<string, unknown> = {}) => {
  addressSeq += 1;
  return {
    name: 'Khadija Alaoui',
    email: 'Khadija@Example.AE',
    phone: '+971 50 123 4567',
    address: `Villa ${addressSeq}, Al Wasl Road`,
    city: 'Dubai',
    postalCode: '00000',
    country: 'ae',
    ...overrides,
  };
};

describe('addresses', () => {
  const list = async (who: Customer) => {
    const res = await call('GET', BASE, who);
    expect(res.status).toBe(200);
    return res.body.data.addresses as any[];
  };
  const create = (who: Customer, body: unknown) => call('POST', BASE, who, body);
  const defaults = (rows: any[]) => rows.filter((a) => a.is_default).map((a) => a.id);
  const storedRows = async (userId: number) =>
    t.database.db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(addresses.id);

  it('answers 401 to every call without a valid access token, before looking at the form', async () => {
    const someone = await newCustomer();
    const [mine] = [(await create(someone, anAddress())).body.data.address];
    for (const [method, path, body] of [
      ['GET', BASE, undefined],
      ['POST', BASE, {}],
      ['PUT', `${BASE}/${mine.id}`, { name: '' }],
      ['DELETE', `${BASE}/${mine.id}`, undefined],
    ] as const) {
      const res = await call(method, path, undefined, body);
      expectUnauthenticated(res);
    }
    expect(await list(someone)).toHaveLength(1);
  });

  it('saves addresses: the first becomes the default, the rest are listed newest first', async () => {
    const me = await newCustomer();
    expect(await list(me)).toEqual([]);

    const first = await create(me, anAddress());
    expect(first.status).toBe(201);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.body).toEqual({
      success: true,
      data: {
        address: {
          id: expect.any(Number),
          name: 'Khadija Alaoui',
          email: 'khadija@example.ae',
          phone: '+971 50 123 4567',
          address: expect.stringMatching(/^Villa \d+, Al Wasl Road$/),
          city: 'Dubai',
          postalCode: '00000',
          country: 'AE',
          is_default: true,
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      },
    });
    const second = (await create(me, anAddress({ city: 'Abu Dhabi' }))).body.data.address;
    const third = (await create(me, anAddress({ city: 'Sharjah', is_default: false }))).body.data.address;
    expect(second.is_default).toBe(false);
    expect(third.is_default).toBe(false);

    const rows = await list(me);
    expect(rows.map((a) => a.id)).toEqual([first.body.data.address.id, third.id, second.id]);
    const read = await call('GET', BASE, me);
    expect(read.headers.get('cache-control')).toBe('no-store');
  });

  it('moves the default to an address saved or updated with is_default', async () => {
    const me = await newCustomer();
    const a = (await create(me, anAddress())).body.data.address;
    const b = (await create(me, anAddress({ is_default: true }))).body.data.address;
    expect(b.is_default).toBe(true);
    expect(defaults(await list(me))).toEqual([b.id]);

    const res = await call('PUT', `${BASE}/${a.id}`, me, anAddress({ city: 'Al Ain', is_default: true }));
    expect(res.status).toBe(200);
    expect(res.body.data.address).toMatchObject({ id: a.id, city: 'Al Ain', is_default: true });
    const rows = await list(me);
    expect(defaults(rows)).toEqual([a.id]);
    expect(rows[0].id).toBe(a.id);

    // Unticking the default does not leave the customer without one.
    const untick = await call('PUT', `${BASE}/${a.id}`, me, anAddress({ is_default: false }));
    expect(untick.body.data.address.is_default).toBe(true);
    expect(defaults(await list(me))).toEqual([a.id]);
  });

  it('replaces every field on update', async () => {
    const me = await newCustomer();
    const a = (await create(me, anAddress())).body.data.address;
    const changed = {
      name: 'Youssef Alaoui',
      email: 'youssef@example.ma',
      phone: '(0522) 12-34-56',
      address: '12 Rue des Orangers',
      city: 'Casablanca',
      postalCode: '20250',
      country: 'MA',
    };
    const res = await call('PUT', `${BASE}/${a.id}`, me, changed);
    expect(res.status).toBe(200);
    expect(res.body.data.address).toEqual({
      ...changed,
      id: a.id,
      is_default: true,
      created_at: a.created_at,
    });
    expect(await list(me)).toEqual([res.body.data.address]);
  });

  it('hands the default to the newest remaining address when the default is deleted', async () => {
    const me = await newCustomer();
    const a = (await create(me, anAddress())).body.data.address;
    const b = (await create(me, anAddress())).body.data.address;
    const c = (await create(me, anAddress())).body.data.address;

    const removeB = await call('DELETE', `${BASE}/${b.id}`, me);
    expect(removeB.status).toBe(200);
    expect(removeB.body.data.addresses.map((x: any) => x.id)).toEqual([a.id, c.id]);

    const removeA = await call('DELETE', `${BASE}/${a.id}`, me);
    expect(removeA.body.data.addresses).toEqual([{ ...c, is_default: true }]);

    // The spec's client sends a JSON content type with no body on DELETE.
    const removeC = await call('DELETE', `${BASE}/${c.id}`, me, undefined, {
      'content-type': 'application/json',
    });
    expect(removeC.status).toBe(200);
    expect(removeC.body.data.addresses).toEqual([]);
    const again = await create(me, anAddress());
    expect(again.body.data.address.is_default).toBe(true);
  });

  it('keeps at most ADDRESSES_MAX addresses', async () => {
    const me = await newCustomer();
    for (let i = 0; i < ADDRESSES_MAX; i++) expect((await create(me, anAddress())).status).toBe(201);
    const res = await create(me, anAddress({ is_default: true }));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      success: false,
      message: `You can keep at most ${ADDRESSES_MAX} addresses. Delete one to add another.`,
    });
    const rows = await list(me);
    expect(rows).toHaveLength(ADDRESSES_MAX);
    expect(defaults(rows)).toHaveLength(1);
  });

  it('adds an address identical to a saved one only once, and answers the saved one', async () => {
    const me = await newCustomer();
    const other = await newCustomer();
    const home = anAddress();
    const first = await create(me, home);
    expect(first.status).toBe(201);
    // The same fields, as typed again at checkout (the e-mail and country in another case): the same entry.
    const again = await create(me, { ...home, email: 'KHADIJA@example.ae', country: 'AE' });
    expect(again.status).toBe(200);
    expect(again.body.data.address).toEqual(first.body.data.address);
    // One field apart is another address.
    expect((await create(me, { ...home, phone: '+971 50 765 4321' })).status).toBe(201);
    expect(await list(me)).toHaveLength(2);
    // Another customer's identical address is theirs: checked against the owner's book only.
    const theirs = await create(other, home);
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.address.id).not.toBe(first.body.data.address.id);
    expect(await list(other)).toHaveLength(1);
  });

  it('keeps exactly one default when addresses are saved at the same moment', async () => {
    const me = await newCustomer();
    const results = await Promise.all(Array.from({ length: 6 }, () => create(me, anAddress())));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    const rows = await list(me);
    expect(rows).toHaveLength(6);
    expect(defaults(rows)).toHaveLength(1);
  });

  it('names every invalid field and saves nothing', async () => {
    const me = await newCustomer();
    const empty = await create(me, {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      name: ['The name field is required.'],
      email: ['The email field is required.'],
      phone: ['The phone field is required.'],
      address: ['The address field is required.'],
      city: ['The city field is required.'],
      postalCode: ['The postal code field is required.'],
      country: ['The country field is required.'],
    });
    const wrong = await create(
      me,
      anAddress({
        name: ' ',
        email: 'khadija@',
        phone: 'call me',
        address: 'x'.repeat(201),
        city: 'Du\nbai',
        postalCode: '',
        country: 'UAE',
        is_default: 'yes',
      }),
    );
    expect(wrong.status).toBe(422);
    const first = Object.fromEntries(
      Object.entries(wrong.body.errors as Record<string, string[]>).map(([k, v]) => [k, v[0]]),
    );
    expect(first).toEqual({
      name: 'The name field is required.',
      email: 'The email must be a valid email address.',
      phone: 'The phone may only contain digits, spaces and + ( ) . -',
      address: 'The address may not be greater than 200 characters.',
      city: 'The city contains characters that are not allowed.',
      postalCode: 'The postal code field is required.',
      country: 'Choose a country from the list.',
      is_default: expect.any(String),
    });
    for (const body of ['{"name":', '[]', 'null']) {
      expect((await create(me, body)).status).toBeLessThan(500);
    }
    expect(await storedRows(me.id)).toEqual([]);

    const saved = (await create(me, anAddress())).body.data.address;
    const before = await storedRows(me.id);
    const update = await call('PUT', `${BASE}/${saved.id}`, me, anAddress({ city: '', phone: 'x' }));
    expect(update.status).toBe(422);
    expect(Object.keys(update.body.errors).sort()).toEqual(['city', 'phone']);
    const partial = await call('PUT', `${BASE}/${saved.id}`, me, { city: 'Ajman' });
    expect(partial.status).toBe(422);
    expect(await storedRows(me.id)).toEqual(before);
  });

  it("never shows, changes or deletes another customer's address", async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    const home = (await create(owner, anAddress())).body.data.address;
    const work = (await create(owner, anAddress({ city: 'Abu Dhabi' }))).body.data.address;
    const before = await storedRows(owner.id);

    expect(await list(other)).toEqual([]);
    for (const res of [
      await call('PUT', `${BASE}/${home.id}`, other, anAddress({ city: 'Hijacked', is_default: true })),
      await call('DELETE', `${BASE}/${home.id}`, other),
      await call('DELETE', `${BASE}/${work.id}`, other),
      await call('PUT', `${BASE}/2147483647`, owner, anAddress()),
      await call('DELETE', `${BASE}/2147483647`, owner),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, message: 'Address not found.' });
    }
    // The other customer's own first address is theirs alone, and the owner's default did not move.
    const theirs = (await create(other, anAddress({ is_default: true }))).body.data.address;
    expect(theirs.is_default).toBe(true);
    expect(await storedRows(owner.id)).toEqual(before);
    expect(defaults(await list(owner))).toEqual([home.id]);

    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await call('DELETE', `${BASE}/${id}`, owner);
      expect(res.status, id).toBe(422);
    }
    expect(await storedRows(owner.id)).toEqual(before);
  });
});

// ---------------------------------------------------------------- documentation

describe('the OpenAPI document', () => {
  it('describes the account routes with their forms and answers', async () => {
    const { body: doc } = await t.json('/api/docs/json');
    const operations: [string, string][] = [
      ['/api/v1/auth/forgot-password', 'post'],
      ['/api/v1/auth/reset-password', 'post'],
      ['/api/v1/auth/user', 'patch'],
      ['/api/v1/account/addresses', 'get'],
      ['/api/v1/account/addresses', 'post'],
      ['/api/v1/account/addresses/{id}', 'put'],
      ['/api/v1/account/addresses/{id}', 'delete'],
    ];
    for (const [path, method] of operations) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.summary, `${method} ${path}`).toBeTruthy();
      // Saving an address answers 201, or 200 with the saved one it repeats.
      expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(
        method === 'post' && path.endsWith('addresses') ? ['200', '201'] : ['200'],
      );
    }
    const form = doc.paths['/api/v1/account/addresses'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(form.properties)).toEqual(
      expect.arrayContaining([
        'name',
        'email',
        'phone',
        'address',
        'city',
        'postalCode',
        'country',
        'is_default',
      ]),
    );
    expect(doc.paths['/api/v1/auth/forgot-password'].post.tags).toEqual(['auth']);
    expect(doc.paths['/api/v1/account/addresses'].get.tags).toEqual(['account']);
  });
});

// ---------------------------------------------------------------- admin command

describe('making a user an admin', () => {
  it('changes the role of an existing account, and says so when there is none', async () => {
    const me = await newCustomer();
    expect(await setUserRole(t.database.db, 'nobody@example.ae', 'admin', 'Dar Lalla')).toBeUndefined();
    // Never an account whose address is not proven: whoever registered it need not own it.
    expect(await setUserRole(t.database.db, me.email, 'admin', 'Dar Lalla')).toMatchObject({
      changed: false,
      unverified: true,
    });
    expect((await userRow(me.id)).role).toBe('customer');
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, me.id));

    const made = await setUserRole(t.database.db, `  ${me.email.toUpperCase()} `, 'admin', 'Dar Lalla');
    expect(made).toEqual({
      user: { id: me.id, email: me.email, name: 'Khadija Alaoui' },
      role: 'admin',
      changed: true,
    });
    expect((await userRow(me.id)).role).toBe('admin');
    expect((await setUserRole(t.database.db, me.email, 'admin', 'Dar Lalla'))?.changed).toBe(false);
    // The role reaches the account's next tokens.
    const signedIn = await login(me.email, PASSWORD);
    expect(signedIn.body.data.user.role).toBe('admin');

    expect((await setUserRole(t.database.db, me.email, 'customer', 'Dar Lalla'))?.changed).toBe(true);
    expect((await userRow(me.id)).role).toBe('customer');
    const counts = await t.database.db
      .select({ admins: sql<number>`count(*) filter (where ${users.role} = 'admin')::int` })
      .from(users);
    expect(counts[0]?.admins).toBe(0);
  });

  describe('npm run user:admin on the embedded database', () => {
    let dataDir: string;
    const run = async (...argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await userAdmin(argv, {
        out: (l) => out.push(l),
        err: (l) => err.push(l),
        env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'boutique-admin-'));
      const handle = await openDatabase({ databaseUrl: undefined, pgliteDir: join(dataDir, 'db') });
      await migrateDatabase(handle);
      await handle.db
        .insert(users)
        .values({ name: 'Lalla Owner', email: 'owner@darlalla.ae', passwordHash: null });
      await handle.db
        .insert(users)
        .values({ name: 'Not Yet', email: 'unverified@darlalla.ae', passwordHash: null });
      await handle.db
        .update(users)
        .set({ emailVerifiedAt: new Date() })
        .where(eq(users.email, 'owner@darlalla.ae'));
      await handle.close();
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('makes an existing account an admin and back, and fails clearly otherwise', async () => {
      const made = await run('Owner@DarLalla.ae');
      expect(made).toMatchObject({ code: 0, err: '' });
      expect(made.out).toMatch(/^owner@darlalla\.ae \(Lalla Owner, #\d+\) is now an admin\./);
      expect((await run('owner@darlalla.ae')).out).toContain('is already an admin; nothing changed.');
      // The owner lost the phone: revoke ends the authenticator, so that the role granted again means a new set-up.
      const shop = await openDatabase({ databaseUrl: undefined, pgliteDir: join(dataDir, 'db') });
      const [owner] = await shop.db.select().from(users).where(eq(users.email, 'owner@darlalla.ae'));
      await shop.db
        .insert(userTotp)
        .values({ userId: owner!.id, secret: 'v1.lost.phone', confirmedAt: new Date() });
      await shop.close();
      const revoked = await run('--revoke', 'owner@darlalla.ae');
      expect(revoked.code).toBe(0);
      expect(revoked.out).toContain('is a customer again;');
      expect(revoked.out).toContain('Their authenticator app was removed');
      const after = await openDatabase({ databaseUrl: undefined, pgliteDir: join(dataDir, 'db') });
      expect(await after.db.select().from(userTotp).where(eq(userTotp.userId, owner!.id))).toEqual([]);
      const audit = await after.db.select().from(auditLog).where(eq(auditLog.entityId, owner!.id));
      expect(audit.map((e) => (e.after as { role: string }).role)).toEqual(['admin', 'customer']);
      await after.close();

      const unverified = await run('unverified@darlalla.ae');
      expect(unverified.code).toBe(1);
      expect(unverified.err).toContain('has not confirmed its e-mail address, so it cannot be an admin');

      const unknown = await run('nobody@darlalla.ae');
      expect(unknown.code).toBe(1);
      expect(unknown.err).toMatch(/^No account has the e-mail nobody@darlalla\.ae/);
      expect((await run()).code).toBe(2);
      expect((await run('a@b.co', 'c@d.co')).code).toBe(2);
      expect((await run('--admin', 'a@b.co')).code).toBe(2);
      expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);
      // Eight runs, each opening and migrating the embedded database: more than one test's 30 seconds on a
      // loaded machine.
    }, 120_000);

    it('refuses to open the embedded database while another process has it open', async () => {
      const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
      const exited = new Promise((resolve) => holder.once('exit', resolve));
      try {
        writeFileSync(join(dataDir, 'db.lock'), `${holder.pid}\n`);
        const res = await run('owner@darlalla.ae');
        expect(res.code).toBe(1);
        expect(res.err).toContain(`is in use by process ${holder.pid} (is the shop running?)`);
        expect(res.err).toContain('stop the shop first');
        expect(() => lockDataDir(join(dataDir, 'db'))).toThrow(DatabaseInUseError);
      } finally {
        holder.kill();
      }
      await exited;
      // The holder is gone: its lock is stale and taken over.
      expect((await run('owner@darlalla.ae')).code).toBe(0);
      expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);
    });
  });
});
