import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { ProductImage } from './product-image';

const image = {
  url: '/storage/products/zahra/0-800.webp',
  srcset: '/storage/products/zahra/0-400.webp 400w, /storage/products/zahra/0-800.webp 800w',
  width: 800,
  height: 1066,
  sort_order: 0,
};

function attributes(load?: 'main' | 'lazy') {
  const { container } = render(<ProductImage image={image} alt="Zahra" sizes="50vw" load={load} />);
  const img = container.querySelector('img');
  if (!img) throw new Error('no image rendered');
  return ['loading', 'fetchpriority', 'decoding', 'elementtiming'].map((name) => img.getAttribute(name));
}

afterEach(cleanup);

describe('ProductImage', () => {
  it('fetches the main picture first and marks its paint for the first script', () => {
    expect(attributes('main')).toEqual(['eager', 'high', 'sync', 'main-image']);
  });

  it('leaves any other picture until it nears the viewport', () => {
    expect(attributes()).toEqual(['lazy', null, 'async', null]);
    cleanup();
    expect(attributes('lazy')).toEqual(['lazy', null, 'async', null]);
  });
});
