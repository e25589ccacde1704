import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { FilterPanel } from './filter-panel';
import { activeFilterCount, withoutFilters, type CollectionState } from './collection-url';
import { useCatalogueSummary } from './use-catalogue-pages';

/**
 * The collection's filters on a phone: a sheet (a modal dialog) whose choices are a draft until
 * "Show N products" applies them; closing it (Escape, the close button, the backdrop) leaves the
 * filters as they were (docs/decisions/138-phone-ergonomics.md). N and the counts beside each
 * value are the server's answer for the draft, asked one product long
 * (docs/decisions/145-collection-on-the-query.md).
 */
export function FilterSheet({
  state,
  onApply,
  onClose,
}: {
  state: CollectionState;
  onApply: (state: CollectionState) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(state);
  const summary = useCatalogueSummary(draft);
  const count = summary?.total;
  return (
    <Modal
      title="Filters"
      onClose={onClose}
      testId="filter-sheet"
      footer={
        <div className="flex items-center gap-4">
          {activeFilterCount(draft) > 0 && (
            <button
              type="button"
              onClick={() => setDraft(withoutFilters(draft))}
              className="shrink-0 text-sm text-muted underline underline-offset-4 hover:text-ink"
            >
              Clear all
            </button>
          )}
          <button
            type="button"
            onClick={() => onApply({ ...draft, cursor: '' })}
            className="flex-1 bg-ink px-5 py-3.5 text-sm font-medium tracking-[0.14em] text-paper transition-colors hover:bg-accent-dark"
          >
            {count === undefined
              ? 'Show products'
              : `Show ${count} ${count === 1 ? 'product' : 'products'}`}
          </button>
        </div>
      }
    >
      <FilterPanel
        filters={draft}
        facets={summary?.facets}
        onChange={(f) => setDraft({ ...draft, ...f })}
        idPrefix="sheet-"
      />
    </Modal>
  );
}
