import { useRef, useState, type KeyboardEvent } from 'react';
import { pictureSrcset } from '@vastra/shared/pictures/picture-widths';
import { PICTURE_SIZES } from '@vastra/shared/pictures/picture-sizes';

const MAIN = { width: 800, height: 1000 } as const;
const THUMB = { width: 120, height: 150 } as const;

/**
 * The main picture and its thumbnails. Thumbnails are buttons: a click, Enter or Space shows
 * that picture; the arrow keys, Home and End move between them.
 */
export function ProductGallery({ images, name }: { images: readonly string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const count = images.length;
  const current = images[index] ?? images[0];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: 1,
      ArrowDown: 1,
      ArrowLeft: -1,
      ArrowUp: -1,
    };
    let next: number | null = null;
    if (event.key in moves) next = (index + (moves[event.key] ?? 0) + count) % count;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = count - 1;
    if (next === null) return;
    event.preventDefault();
    setIndex(next);
    buttons.current[next]?.focus();
  };

  return (
    <div className="flex flex-col-reverse gap-3 self-start sm:flex-row sm:items-start sm:gap-4 md:sticky md:top-28">
      {count > 1 && (
        <div
          role="group"
          aria-label="Product pictures"
          onKeyDown={onKeyDown}
          className="flex gap-2 overflow-x-auto sm:w-[18%] sm:flex-col sm:gap-3 sm:overflow-visible"
        >
          {images.map((src, i) => (
            <button
              key={src + i}
              ref={(el) => {
                buttons.current[i] = el;
              }}
              type="button"
              aria-label={`Show picture ${i + 1} of ${count}`}
              aria-pressed={i === index}
              tabIndex={i === index ? 0 : -1}
              onClick={() => setIndex(i)}
              className={`w-[22%] shrink-0 overflow-hidden rounded-sm border-2 transition-opacity sm:w-full ${
                i === index ? 'border-ink' : 'border-transparent opacity-70 hover:opacity-100'
              }`}
            >
              <img
                src={src}
                srcSet={pictureSrcset(src)}
                sizes={PICTURE_SIZES.galleryThumb}
                alt=""
                width={THUMB.width}
                height={THUMB.height}
                loading="lazy"
                decoding="async"
                className="aspect-[4/5] w-full object-cover"
              />
            </button>
          ))}
        </div>
      )}
      <div className="flex-1 overflow-hidden rounded-sm bg-line/60">
        {current ? (
          <img
            src={current}
            srcSet={pictureSrcset(current)}
            sizes={count > 1 ? PICTURE_SIZES.gallery : PICTURE_SIZES.galleryAlone}
            alt={count > 1 ? `${name}, picture ${index + 1} of ${count}` : name}
            width={MAIN.width}
            height={MAIN.height}
            fetchPriority="high"
            className="aspect-[4/5] h-auto w-full object-cover"
            data-testid="product-main-image"
          />
        ) : (
          <div className="flex aspect-[4/5] items-center justify-center text-sm text-muted">
            No picture yet
          </div>
        )}
      </div>
    </div>
  );
}
