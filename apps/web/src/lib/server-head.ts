const JSON_LD = 'script[type="application/ld+json"]';

/** What makes two head tags "the same" tag: the title, a meta by name or property, a link by rel, JSON-LD. */
function keyOf(node: Element): string | undefined {
  const tag = node.tagName.toLowerCase();
  if (tag === 'title') return 'title';
  if (tag === 'meta') {
    const name = node.getAttribute('name') ?? node.getAttribute('property');
    return name ? `meta:${name}` : undefined;
  }
  if (tag === 'link') return `link:${node.getAttribute('rel') ?? ''}`;
  if (tag === 'script') return `script:${node.getAttribute('type') ?? ''}`;
  return undefined;
}

/**
 * Drops the head tags the server wrote for crawlers (data-ssr) where the page has rendered its own. React adopts
 * matching server tags while hydrating, so a tag without a twin is React's now, or one it does not render
 * (og:locale): either way it stays.
 */
export function dropServerHeadTags() {
  const own = new Map<string, number>();
  // React renders a page's JSON-LD where the page is (scripts are not hoisted), so it is looked for everywhere.
  const candidates = [...document.head.children, ...document.querySelectorAll(`body ${JSON_LD}`)];
  for (const node of candidates) {
    const key = keyOf(node);
    if (key && !node.hasAttribute('data-ssr')) own.set(key, (own.get(key) ?? 0) + 1);
  }
  for (const node of [...document.head.querySelectorAll('[data-ssr]')]) {
    const key = keyOf(node);
    if (key && own.has(key)) node.remove();
  }
}

/**
 * Once the shopper has moved to another page, what the server said about the first one (its structured data,
 * its Open Graph type and its addresses in the other languages) is stale: dropped, so that a page never carries two JSON-LD blocks or another's.
 * Only the server's copies (data-ssr) are taken, never React's.
 */
export function dropServerPageFacts() {
  for (const node of document.head.querySelectorAll(
    `${JSON_LD}[data-ssr], meta[data-ssr][property="og:type"], link[data-ssr][rel="alternate"]`,
  ))
    node.remove();
}
