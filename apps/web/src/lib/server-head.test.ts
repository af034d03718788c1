import { afterEach, describe, expect, it } from 'vitest';
import { dropServerHeadTags, dropServerPageFacts } from './server-head';

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('dropServerHeadTags', () => {
  it('drops server tags that the page rendered again and keeps the others', () => {
    document.head.innerHTML = `
      <title data-ssr>Server</title>
      <meta data-ssr name="description" content="server">
      <meta data-ssr property="og:locale" content="en_AE">
      <link data-ssr rel="canonical" href="/a">
      <title>Page</title>
      <meta name="description" content="page">`;
    dropServerHeadTags();
    expect(document.title).toBe('Page');
    expect(
      [...document.head.querySelectorAll('meta[name=description]')].map((m) => m.getAttribute('content')),
    ).toEqual(['page']);
    expect(document.head.querySelector('meta[property="og:locale"]')).not.toBeNull();
    expect(document.head.querySelector('link[rel=canonical]')).not.toBeNull();
  });

  it('keeps a server title that React adopted as its own', () => {
    document.head.innerHTML = '<title data-ssr>Adopted</title>';
    dropServerHeadTags();
    expect(document.title).toBe('Adopted');
  });

  it("drops the server's JSON-LD when the page renders its own in the body", () => {
    document.head.innerHTML = '<script data-ssr type="application/ld+json">{"@type":"Product"}</script>';
    document.body.innerHTML = '<main><script type="application/ld+json">{"@type":"Product"}</script></main>';
    dropServerHeadTags();
    expect(document.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);
    expect(document.head.querySelector('script')).toBeNull();
  });
});

describe('dropServerPageFacts', () => {
  it("drops the first page's JSON-LD and Open Graph type, and nothing React may own", () => {
    document.head.innerHTML = `
      <title data-ssr>Adopted</title>
      <meta data-ssr property="og:type" content="website">
      <script data-ssr type="application/ld+json">{"@type":"ClothingStore"}</script>`;
    dropServerPageFacts();
    expect(document.head.querySelector('script')).toBeNull();
    expect(document.head.querySelector('meta[property="og:type"]')).toBeNull();
    expect(document.title).toBe('Adopted');
  });
});
