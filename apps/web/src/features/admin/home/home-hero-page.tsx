import { useId, useState } from 'react';
import {
  HOME_HERO_MESSAGES as M,
  homeHeroChoiceSchema,
  type AdminHomeHero,
  type HomeHeroChoice,
  type HomeHeroKind,
  type HomeHeroPick,
} from '@vastra/shared/schemas/home-hero';
import { Button } from '@/components/ui/button';
import { FormRefusal } from '@/components/ui/form';
import { TextField } from '@/components/ui/field';
import { ApiError, toastApiError } from '@/lib/api-client';
import { catalogueKeys } from '@/lib/catalogue-keys';
import { useDocumentMeta } from '@/lib/document-meta';
import { invalidate, useQuery } from '@/lib/query';
import { notify } from '@/lib/toast';
import { HOME_HERO_KEY } from '../admin-keys';
import { getHomeHero, saveHomeHero } from '../api/admin-calls';
import { beforeData, card, PageHeading, reloadError } from '../ui';
import { HeroBannerUpload } from './hero-banner-upload';
import { HeroPreview } from './hero-preview';
import { HeroProductPicker } from './hero-product-picker';

const KINDS: readonly (readonly [HomeHeroKind, string, string])[] = [
  ['newest', 'The two newest products', 'Changes by itself as you add products.'],
  ['products', 'Products I pick', 'One or two products; each picture leads to its page.'],
  ['banner', 'A banner picture', 'One picture across the picture side; Shop Now stays.'],
];

/**
 * /admin/home: what the home page's hero shows (docs/decisions/147-owner-picks-the-home-hero.md).
 * The texts beside the pictures are the specification's and do not change here.
 */
export function HomeHeroPage() {
  useDocumentMeta('Admin · Home page');
  const hero = useQuery(HOME_HERO_KEY, getHomeHero);
  // The answer of a change goes on screen, and the shop's hero reloads.
  const changed = (next: AdminHomeHero) => {
    hero.set(() => next);
    invalidate(catalogueKeys.hero);
  };
  return (
    <>
      <PageHeading
        title="Home page hero"
        text="The pictures beside TRENDING NOW and Shop Now on the home page."
      />
      {reloadError(hero, 'the home page hero')}
      {hero.data === undefined ? (
        beforeData(hero, 'the home page hero')
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          {/* Seeded again from each saved answer. */}
          <ChoiceForm key={versionOf(hero.data)} hero={hero.data} onSaved={changed} />
          <div className="space-y-6">
            <HeroPreview shown={hero.data.shown} />
          </div>
        </div>
      )}
    </>
  );
}

const versionOf = (hero: AdminHomeHero) =>
  [hero.kind, hero.banner?.src, hero.banner?.alt, ...hero.products.map((p) => p._id)].join('|');

function ChoiceForm({
  hero,
  onSaved,
}: {
  hero: AdminHomeHero;
  onSaved: (hero: AdminHomeHero) => void;
}) {
  const id = useId();
  const [kind, setKind] = useState<HomeHeroKind>(hero.kind);
  const [picks, setPicks] = useState<HomeHeroPick[]>(hero.products);
  const [alt, setAlt] = useState(hero.banner?.alt ?? '');
  const [errors, setErrors] = useState<{ picks?: string; alt?: string }>({});
  const [refusal, setRefusal] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const choice = (): HomeHeroChoice | undefined => {
    const draft =
      kind === 'products'
        ? { kind, productIds: picks.map((p) => p._id) }
        : kind === 'banner'
          ? { kind, alt }
          : { kind };
    const checked = homeHeroChoiceSchema.safeParse(draft);
    if (checked.success) return checked.data;
    const message = checked.error.issues[0]?.message;
    setErrors(kind === 'products' ? { picks: message } : { alt: message });
    return undefined;
  };

  const save = async () => {
    setErrors({});
    setRefusal(undefined);
    const next = choice();
    if (!next) return;
    setSaving(true);
    try {
      const answer = await saveHomeHero(next);
      notify.success(answer.message ?? M.saved);
      onSaved(answer.hero);
    } catch (e) {
      // A refusal the shared schema did not foresee (a product deleted meanwhile) stays by Save.
      if (e instanceof ApiError && e.kind === 'http' && e.status === 400) setRefusal(e.message);
      else toastApiError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="min-w-0 space-y-6">
      {/* min-w-0: a fieldset is at least as wide as its content by default. */}
      <fieldset className={`${card} min-w-0 p-4 sm:p-6`}>
        <legend className="px-1 font-serif text-xl">What the hero shows</legend>
        <div className="mt-2 space-y-3">
          {KINDS.map(([value, label, text]) => (
            <label key={value} className="flex cursor-pointer items-start gap-3">
              <input
                type="radio"
                name={`${id}-kind`}
                value={value}
                checked={kind === value}
                onChange={() => {
                  setKind(value);
                  setErrors({});
                  setRefusal(undefined);
                }}
                className="mt-1 h-4 w-4 accent-ink"
              />
              <span>
                <span className="block text-sm font-medium">{label}</span>
                <span className="block text-xs text-muted">{text}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {kind === 'products' && (
        <section aria-labelledby={`${id}-products`} className={`${card} p-4 sm:p-6`}>
          <h2 id={`${id}-products`} className="mb-4 font-serif text-xl">
            Products
          </h2>
          <HeroProductPicker
            picks={picks}
            onChange={(next) => {
              setPicks(next);
              setErrors({});
            }}
            error={errors.picks}
          />
        </section>
      )}

      {kind === 'banner' && (
        <section aria-labelledby={`${id}-banner`} className={`${card} space-y-6 p-4 sm:p-6`}>
          <h2 id={`${id}-banner`} className="font-serif text-xl">
            Banner
          </h2>
          {hero.banner ? (
            <div className="space-y-3">
              <img
                src={hero.banner.src}
                alt=""
                className="aspect-[8/5] w-full max-w-sm rounded-sm object-cover"
              />
              <TextField
                label="Banner text (for screen readers)"
                value={alt}
                onChange={(e) => {
                  setAlt(e.target.value);
                  setErrors({});
                }}
                error={errors.alt}
              />
            </div>
          ) : (
            <p className="text-sm text-muted">No banner yet: upload one below.</p>
          )}
          <div className="border-t border-line pt-4">
            <h3 className="mb-3 text-[11px] font-medium tracking-[0.14em] uppercase">
              {hero.banner ? 'Replace the banner' : 'Upload a banner'}
            </h3>
            <HeroBannerUpload onUploaded={onSaved} />
          </div>
        </section>
      )}

      {/* Uploading shows the banner at once; the button saves a choice of kind, picks or text. */}
      {(kind !== 'banner' || hero.banner) && (
        <div className="space-y-3">
          <FormRefusal message={refusal} />
          <Button type="button" disabled={saving} onClick={() => void save()}>
            {saving ? 'Saving…' : 'Save the hero'}
          </Button>
        </div>
      )}
    </div>
  );
}
