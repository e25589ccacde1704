import { pictureSrcset } from '@vastra/shared/pictures/picture-widths';

/**
 * A product's picture at a fixed size in a list (the cart, an order, the admin's lists), or a grey
 * box of that size when the product has none. `className` gives the size (and any rounding); the
 * width and height attributes reserve the space before the picture loads and, unless `sizes` says
 * otherwise, are the widest it is drawn: the browser picks the 400 px copy for it (decision 148).
 */
export function ProductThumb({
  src,
  alt,
  width,
  height,
  className,
  sizes = `${width}px`,
}: {
  src: string | undefined;
  /** The product's name, or "" where the name stands beside the picture. */
  alt: string;
  width: number;
  height: number;
  className: string;
  /** For a picture whose width follows its layout (the wishlist's grid): `PICTURE_SIZES`. */
  sizes?: string;
}) {
  const box = `${className} bg-line/60`;
  if (!src) return <div className={box} />;
  return (
    <img
      src={src}
      srcSet={pictureSrcset(src)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      className={`${box} object-cover`}
    />
  );
}
