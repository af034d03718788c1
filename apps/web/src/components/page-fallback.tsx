import { Spinner } from './ui/button';

/**
 * What a page shows while its code, translations or the visitor's session load. The frame keeps its footer away
 * meanwhile (`data-page-loading`, app/frame): shown under the spinner, it was pushed down the screen when the page
 * came (the 404 page, sign-in and register moved by 0.04-0.17 of the screen).
 */
export function PageFallback() {
  return (
    <div data-page-loading="" style={{ display: 'grid', placeItems: 'center', minBlockSize: '60vh' }}>
      <Spinner />
    </div>
  );
}
