/**
 * A star display: `stars` filled out of `outOf` (whole stars), with the review count beside it.
 * `label` says the exact figure to screen readers ("Rated 4.3 out of 5") when it is not whole.
 */
export function Stars({
  stars,
  outOf,
  count,
  label,
}: {
  stars: number;
  outOf: number;
  count?: number;
  label?: string;
}) {
  return (
    <div className="flex items-center gap-1.5">
      <span
        role="img"
        aria-label={label ?? `Rated ${stars} out of ${outOf}`}
        className="flex gap-0.5"
      >
        {Array.from({ length: outOf }, (_, i) => (
          <svg
            key={i}
            width="15"
            height="15"
            viewBox="0 0 20 20"
            aria-hidden="true"
            focusable="false"
          >
            <path
              d="M10 1.8l2.5 5.3 5.8.7-4.3 4 1.1 5.7L10 14.7l-5.1 2.8 1.1-5.7-4.3-4 5.8-.7L10 1.8Z"
              className={i < stars ? 'fill-accent' : 'fill-[#d9d1c5]'}
            />
          </svg>
        ))}
      </span>
      {count !== undefined && (
        <span
          className="text-sm text-muted"
          aria-label={count === 1 ? '1 review' : `${count} reviews`}
        >
          ({count})
        </span>
      )}
    </div>
  );
}
