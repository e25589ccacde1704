import type { ReturnLine } from '@vastra/shared/schemas/order-life';
import { Thumb } from '../ui';

/** A return request's lines: product, size (→ the size wanted instead), units. */
export function ReturnLines({
  lines,
  compact = false,
}: {
  lines: ReturnLine[];
  compact?: boolean;
}) {
  return (
    <ul aria-label="Items" className={compact ? 'space-y-1' : 'space-y-2'}>
      {lines.map((line) => (
        <li key={`${line.productId}:${line.size}`} className="flex items-center gap-3">
          {!compact && <Thumb src={line.image ?? undefined} size="sm" />}
          <p className="min-w-0 break-words">
            {line.name}
            <span className="text-muted">
              {' · '}Size {line.size}
              {line.exchangeSize && (
                <>
                  {' → '}
                  <span className="font-medium text-ink">{line.exchangeSize}</span>
                </>
              )}
              {' · '}× {line.quantity}
            </span>
          </p>
        </li>
      ))}
    </ul>
  );
}
