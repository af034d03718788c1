import type { CSSProperties } from 'react';
import styles from './skeleton.module.css';

export function Skeleton({
  width,
  height,
  style,
}: {
  width?: string;
  height?: string;
  style?: CSSProperties;
}) {
  return (
    <span
      className={styles.skeleton}
      style={{ inlineSize: width, blockSize: height, ...style }}
      aria-hidden="true"
    />
  );
}
