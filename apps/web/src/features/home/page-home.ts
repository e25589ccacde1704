import { HOME_BESTSELLER_COUNT } from '@vastra/shared/constants';
import { HOME_DATA_ID } from '@vastra/shared/links/page-data';
import { answerGuards } from '@/lib/answer-guards';
import { catalogueKeys } from '@/lib/catalogue-keys';
import { takePageData } from '@/lib/page-data';
import { adoptQueryData } from '@/lib/query';

/**
 * The home page's HTML carries what its first screen shows — the hero, the latest row and the
 * best sellers — each as its endpoint answers it (docs/decisions/165). Put in the cache before the
 * first render, as the screens' own loads would put them, so the first render draws the rows
 * instead of skeletons, three more round trips and the renders after them. Each part is checked
 * by its endpoint's guard; a part that fails it is left out, and its screen asks the API.
 */
export function adoptPageHome(): void {
  const carried = takePageData(HOME_DATA_ID);
  if (typeof carried !== 'object' || carried === null) return;
  const { hero, latest, bestsellers } = carried as Record<string, unknown>;
  const heroAnswer = answerGuards['home.hero'].safeParse(hero);
  if (heroAnswer.success) adoptQueryData(catalogueKeys.hero, heroAnswer.data.hero);
  const latestAnswer = answerGuards['catalog.latest'].safeParse(latest);
  if (latestAnswer.success) adoptQueryData(catalogueKeys.latest, latestAnswer.data.products);
  const bestAnswer = answerGuards['catalog.bestsellers'].safeParse(bestsellers);
  if (bestAnswer.success)
    adoptQueryData(
      catalogueKeys.bestsellers,
      bestAnswer.data.products.slice(0, HOME_BESTSELLER_COUNT),
    );
}
