import { CATALOGUE_KEY } from '@/lib/catalogue-keys';
import { invalidate } from '@/lib/query';
import { LoadError } from './load-error';

/**
 * What the pages that list products show when the catalogue could not be loaded: why, and a
 * retry, which reloads whatever of the catalogue is on screen (docs/decisions/106, 146).
 */
export function CatalogueLoadError({
  error,
  className = '',
}: {
  error: string | null;
  className?: string;
}) {
  return (
    <LoadError
      message={`We could not load the collection. ${error ?? ''}`}
      onRetry={() => invalidate(CATALOGUE_KEY)}
      tight
      className={className}
    />
  );
}
