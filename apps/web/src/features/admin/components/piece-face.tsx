import type { ReactNode } from 'react';

/** A piece in a short list of the back office: its first picture (or a blank of its size) and its name. */
export function PieceFace({
  image,
  name,
  children,
}: {
  image: string | null;
  name: string;
  children?: ReactNode;
}) {
  return (
    <>
      {image ? <img src={image} alt="" width={40} height={53} /> : <span className="adm-piece-blank" />}
      <span className="adm-piece-name">
        <bdi>{name}</bdi>
        {children}
      </span>
    </>
  );
}
