import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { contactMessages } from '../src/db/schema/index.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/env.js';
import { startTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const storedMessages = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(contactMessages))[0]?.n;

const post = (path: string, body: string, contentType = 'application/json') =>
  t.json(path, { method: 'POST', headers: { 'content-type': contentType }, body });

const validMessage = {
  name: 'Mariam Al Suwaidi',
  email: 'mariam@example.ae',
  phone: '+971 50 000 0000',
  subject: 'orders',
  message: 'Bonjour,\nis the Zahra caftan available in size M for Eid?',
};

describe('health and documentation', () => {
  it('reports health with the database in use', async () => {
    const res = await t.json('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { status: 'ok', database: expect.any(String) } });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('publishes the OpenAPI document generated from the schemas, and a browsable page', async () => {
    const doc = await t.json('/api/docs/json');
    expect(doc.body.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/v1/products/filters/category/{category}',
      '/api/v1/products/slug/{slug}',
      '/api/v1/products/search',
      '/api/v1/contact',
      '/api/checkout/shipping-methods',
    ]) {
      expect(doc.body.paths[path], path).toBeDefined();
    }
    expect(doc.body.paths['/api/v1/products/search'].get.parameters[0]).toMatchObject({
      name: 'q',
      in: 'query',
    });
    const page = await t.fetch('/api/docs');
    const html = page.redirected ? await page.text() : await (await t.fetch('/api/docs/')).text();
    expect(html).toContain('swagger');
  });
});

describe('errors', () => {
  it('answers an unknown route with a 404 envelope', async () => {
    const res = await t.json('/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'Not found', requestId: expect.any(String) });
  });

  it('answers a wrong method with 405 and the allowed ones', async () => {
    const res = await t.json('/api/v1/products/search?q=caftan', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('GET');
    const put = await t.json('/api/v1/contact', { method: 'GET' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('POST');
  });

  it('answers malformed JSON with 400, a wrong content type with 415, an oversized body with 413', async () => {
    const before = await storedMessages();
    const malformed = await post('/api/v1/contact', '{"name": "Mariam",');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ success: false, message: 'Malformed JSON body' });

    const form = await post('/api/v1/contact', 'name=x', 'application/x-www-form-urlencoded');
    expect(form.status).toBe(415);

    const huge = await post(
      '/api/v1/contact',
      JSON.stringify({ ...validMessage, message: 'x'.repeat(1_100_000) }),
    );
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ success: false, message: 'Request body is too large' });

    const empty = await post('/api/v1/contact', '');
    expect(empty.status).toBe(400);
    expect(await storedMessages()).toBe(before);
  });

  it('never shows a stack or SQL, even on an internal failure', async () => {
    const res = await t.json('/api/v1/products/filters/category/caftan', {
      headers: { 'x-request-id': 'trace-me-12345' },
    });
    expect(res.headers.get('x-request-id')).toBe('trace-me-12345');
    for (const r of [
      await post('/api/v1/contact', '{"name": '),
      await t.json('/api/v1/products/slug/%E0%A4%A'),
      await t.json('/api/v1/products?page=1e999'),
    ]) {
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(JSON.stringify(r.body)).not.toMatch(/at .*\.(ts|js):\d+|select |insert |stack/i);
    }
  });
});

describe('headers', () => {
  it('sets security headers on API answers', async () => {
    const res = await t.fetch('/api/v1/categories');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('compresses large answers for clients that accept it', async () => {
    for (const encoding of ['br', 'gzip']) {
      const res = await t.fetch('/api/v1/products/filters/category/caftan', {
        headers: { 'accept-encoding': encoding },
      });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      const body = (await res.json()) as { data: { data: { products: unknown[] } } };
      expect(body.data.data.products).toHaveLength(24);
    }
  });

  it("answers a cached answer in the browser's preferred encoding, one version whatever the encoding", async () => {
    const path = '/api/v1/products/search?q=caftan';
    const plain = await t.fetch(path, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const expected = await plain.text();
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'], // Chromium's
      ['br;q=0, gzip', 'gzip'],
      ['x-gzip', 'gzip'],
      ['compress', null],
    ] as const) {
      const res = await t.fetch(path, { headers: { 'accept-encoding': accept } });
      expect(res.status, accept).toBe(200);
      expect(res.headers.get('content-encoding'), accept).toBe(encoding);
      expect(res.headers.get('vary'), accept).toMatch(/accept-encoding/i);
      expect(res.headers.get('etag'), accept).toBe(plain.headers.get('etag'));
      expect(await res.text(), accept).toBe(expected);
    }
    const again = await t.fetch(path, {
      headers: { 'accept-encoding': 'br', 'if-none-match': plain.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('makes a request id for every answer', async () => {
    const a = await t.fetch('/api/health');
    const b = await t.fetch('/api/health', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers.get('x-request-id')).not.toBe('bad id with spaces');
  });
});

describe('contact messages', () => {
  it('stores a valid message', async () => {
    const before = await storedMessages();
    const res = await post('/api/v1/contact', JSON.stringify(validMessage));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, data: { id: expect.any(Number) } });
    expect(await storedMessages()).toBe((before ?? 0) + 1);
  });

  it('refuses an invalid message field by field and stores nothing', async () => {
    const before = await storedMessages();
    const res = await post(
      '/api/v1/contact',
      JSON.stringify({ name: ' ', email: 'not-an-email', subject: 'spam' }),
    );
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('The given data was invalid');
    expect(res.body.errors).toEqual({
      name: ['The name field is required.'],
      email: ['The email must be a valid email address.'],
      subject: ['Choose one of the listed subjects.'],
      message: ['The message field is required.'],
    });
    const control = await post('/api/v1/contact', JSON.stringify({ ...validMessage, name: 'Mariam\u0000' }));
    expect(control.body.errors.name).toEqual(['The name contains characters that are not allowed.']);
    const array = await post('/api/v1/contact', JSON.stringify([validMessage]));
    expect(array.status).toBe(422);
    expect(await storedMessages()).toBe(before);
  });
});

describe('start-up', () => {
  it('stops with one clear line when REDIS_URL names a server that does not answer', async () => {
    const config = loadConfig({
      ...process.env,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'boutique-test-')),
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    await expect(buildApp(config, { renderDemoMedia: false })).rejects.toThrow(
      /^REDIS_URL: could not connect to Redis \(.*ECONNREFUSED/,
    );
  });
});
