// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { disallowed, pageAddress, paths } from './entry-server';

describe('the server entry', () => {
  it('renders a page for the parameters it reads, in a fixed order, and nothing else', () => {
    expect(pageAddress('/?cb=1&utm_source=x')).toBe('/');
    expect(pageAddress('/collection/caftan?sort=newest&cb=2&color=red,blue')).toBe(
      '/collection/caftan?color=red%2Cblue&sort=newest',
    );
    expect(pageAddress('/size-guide?tab=men-jellaba&x=1')).toBe('/size-guide?tab=men-jellaba');
    expect(pageAddress(`/collection/caftan?sort=${'a'.repeat(300)}`)).toBe('/collection/caftan');
    // One-time tokens never reach the page.
    expect(pageAddress('/account/reset-password?token=secret')).toBe('/account/reset-password');
  });

  it('makes one page of every address the browser renders: unknown ones, the back office', () => {
    expect(pageAddress('/no/such/page')).toBe(pageAddress('/another/unknown?x=1'));
    expect(pageAddress('/auth/twitter/callback')).toBe(pageAddress('/no/such/page'));
    expect(pageAddress('/auth/google/callback?token=t')).toBe('/auth/google/callback');
    expect(pageAddress('/admin')).toBe(pageAddress('/admin/orders/12'));
    expect(pageAddress('/account/orders/1/invoice')).toBe(pageAddress('/account/orders/987654/invoice'));
    expect(pageAddress('/account/orders/abc/invoice')).toBe(pageAddress('/no/such/page'));
  });

  it('lists every page address for the API, and asks crawlers to leave the private ones alone', () => {
    expect(paths).toEqual(
      expect.arrayContaining(['/', '/product/:slug', '/account/login', '/admin', '/admin/*']),
    );
    expect(paths).toEqual(expect.arrayContaining(['/fr/', '/ar/product/:slug', '/ar/admin/*']));
    expect(paths).not.toContain('*');
    // A payment link's page and a staff invitation's carry their token: private like the account.
    const privatePages = [
      '/account/',
      '/admin',
      '/auth/',
      '/cart',
      '/checkout',
      '/order-confirmation',
      '/pay/',
      '/staff-invitation/',
    ];
    expect([...disallowed].sort()).toEqual(
      ['', '/fr', '/ar'].flatMap((prefix) => privatePages.map((path) => prefix + path)).sort(),
    );
  });
});
