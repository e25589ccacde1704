import { COLLECTION_DATA_ID } from '@vastra/shared/links/page-data';
import { answerGuards } from '@/lib/answer-guards';
import { takePageData } from '@/lib/page-data';
import { adoptQueryData } from '@/lib/query';
import { apiQueryOf, DEFAULT_STATE } from './collection-url';
import { CATALOGUE_QUERY_KEY } from './use-catalogue-pages';

/**
 * The collection's page, opened as it first opens (no filter, search or sort in its address),
 * carries its first page as `GET /api/products` answers the default query
 * (docs/decisions/165-pages-carry-their-first-screen.md). Put in the cache before the
 * collection's first render, it is that query's answer, so the first render draws the cards
 * instead of a skeleton, one more round trip and a second render. Checked by the same guard as
 * the API's answer; anything else is ignored and the page asks the API as before.
 */
export function adoptPageCollection(): void {
  const answer = takePageData(COLLECTION_DATA_ID);
  if (answer === undefined) return;
  const checked = answerGuards['catalog.query'].safeParse(answer);
  if (checked.success)
    adoptQueryData([CATALOGUE_QUERY_KEY, JSON.stringify(apiQueryOf(DEFAULT_STATE))], checked.data);
}
