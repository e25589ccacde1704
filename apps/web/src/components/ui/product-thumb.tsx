/**
 * A product's picture at a fixed size in a list (the cart, an order, the admin's lists), or a grey
 * box of that size when the product has none. `className` gives the size (and any rounding); the
 * width and height attributes reserve the space before the picture loads.
 */
export function ProductThumb({
  src,
  alt,
  width,
  height,
  className,
}: {
  src: string | undefined;
  /** The product's name, or "" where the name stands beside the picture. */
  alt: string;
  width: number;
  height: number;
  className: string;
}) {
  const box = `${className} bg-line/60`;
  if (!src) return <div className={box} />;
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      className={`${box} object-cover`}
    />
  );
}
