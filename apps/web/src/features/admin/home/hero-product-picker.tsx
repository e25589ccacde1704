import { useId, useState } from 'react';
import { HOME_HERO_LIMITS, type HomeHeroPick } from '@vastra/shared/schemas/home-hero';
import type { CatalogueItem } from '@vastra/shared/schemas/catalogue-query';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { toastApiError } from '@/lib/api-client';
import { searchHeroProducts } from '../api/admin-calls';
import { card, Thumb } from '../ui';

/**
 * The products the hero shows, picked by searching the shop (GET /api/products?q=, a short page),
 * never from a list of every product: the same with 100,000 products.
 */
export function HeroProductPicker({
  picks,
  onChange,
  error,
}: {
  picks: readonly HomeHeroPick[];
  onChange: (picks: HomeHeroPick[]) => void;
  /** Why the picks cannot be saved, shown beside them. */
  error: string | undefined;
}) {
  const id = useId();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<CatalogueItem[] | undefined>();
  const [searching, setSearching] = useState(false);
  const full = picks.length >= HOME_HERO_LIMITS.productsMax;

  const search = async () => {
    setSearching(true);
    try {
      setFound(await searchHeroProducts(q.trim()));
    } catch (e) {
      toastApiError(e);
    } finally {
      setSearching(false);
    }
  };

  return (
    <div className="space-y-4">
      <div>
        <h3 id={`${id}-picked`} className="text-[11px] font-medium tracking-[0.14em] uppercase">
          Picked products ({picks.length} of {HOME_HERO_LIMITS.productsMax})
        </h3>
        {picks.length === 0 ? (
          <p className="mt-2 text-sm text-muted">None yet: search below and pick one or two.</p>
        ) : (
          <ol aria-labelledby={`${id}-picked`} className="mt-2 space-y-2">
            {picks.map((p, n) => (
              <li
                key={p._id}
                data-testid="hero-pick"
                className={`${card} flex items-center gap-3 p-2`}
              >
                <Thumb src={p.image ?? undefined} size="sm" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{p.name}</p>
                  {(!p.live || !p.image) && (
                    <p className="text-xs text-accent">
                      {p.live ? 'Has no picture' : 'Deleted'}: the newest product shows instead
                    </p>
                  )}
                </div>
                <Button
                  type="button"
                  variant="secondary"
                  aria-label={`Remove ${p.name} from the hero`}
                  onClick={() => onChange(picks.filter((_, i) => i !== n))}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ol>
        )}
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-accent">
            {error}
          </p>
        )}
      </div>

      <div role="search" aria-label="Find a product for the hero">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void search();
          }}
          className="flex flex-wrap items-end gap-2"
        >
          <TextField
            label="Find a product"
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="A name, a brand or a kind of garment"
            className="min-w-0 flex-1 basis-56"
          />
          <Button type="submit" variant="secondary" disabled={searching}>
            {searching ? 'Searching…' : 'Search'}
          </Button>
        </form>
        {found !== undefined && (
          <div aria-live="polite" className="mt-3">
            {found.length === 0 ? (
              <p className="text-sm text-muted">No product matches “{q.trim()}”.</p>
            ) : (
              <ul aria-label="Search results" className="space-y-2">
                {found.map((p) => {
                  const picked = picks.some((x) => x._id === p._id);
                  return (
                    <li
                      key={p._id}
                      data-testid="hero-search-result"
                      className="flex items-center gap-3 border-b border-line pb-2"
                    >
                      <Thumb src={p.image[0]} size="sm" />
                      <p className="min-w-0 flex-1 truncate text-sm">{p.name}</p>
                      <Button
                        type="button"
                        variant="secondary"
                        disabled={picked || full || !p.image[0]}
                        aria-label={`Pick ${p.name}`}
                        onClick={() =>
                          onChange([
                            ...picks,
                            { _id: p._id, name: p.name, image: p.image[0] ?? null, live: true },
                          ])
                        }
                      >
                        {picked ? 'Picked' : p.image[0] ? 'Pick' : 'No picture'}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
