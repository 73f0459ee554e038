import { Image } from 'antd';

/** Shown instead of a picture that does not load: a grey box, so a broken path is plain to see. */
export const MISSING_IMAGE =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='56' height='40'%3E%3Crect width='56' height='40' fill='%23d9d9d9'/%3E%3Cpath d='M18 28l7-9 5 6 4-4 6 7z' fill='%23999'/%3E%3C/svg%3E";

/** A small picture in a table row, enlarged on click (inside an Image.PreviewGroup, with its siblings). */
export function Thumbnail({
  src,
  alt,
  width = 56,
  height = 40,
}: {
  src: string;
  alt: string;
  width?: number;
  height?: number;
}) {
  return (
    <Image
      src={src}
      alt={alt}
      width={width}
      height={height}
      fallback={MISSING_IMAGE}
      style={{ objectFit: 'cover', borderRadius: 4, overflow: 'hidden' }}
    />
  );
}
