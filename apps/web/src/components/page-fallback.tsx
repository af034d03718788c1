import { Spinner } from './ui/button';

/** What a page shows while its code or translations load. */
export function PageFallback() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minBlockSize: '60vh' }}>
      <Spinner />
    </div>
  );
}
