import { afterEach, describe, expect, it } from 'vitest';
import { dropServerHeadTags } from './server-head';

afterEach(() => {
  document.head.innerHTML = '';
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
});
