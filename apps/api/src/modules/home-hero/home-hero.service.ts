import { productPath } from '@vastra/shared/links/product-url';
import {
  HOME_HERO_LIMITS,
  HOME_HERO_MESSAGES as M,
  type AdminHomeHero,
  type HomeHero,
  type HomeHeroChoice,
  type HomeHeroKind,
} from '@vastra/shared/schemas/home-hero';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { FileStore } from '../../providers/storage/file-store';
import type { CatalogService } from '../catalog/catalog.service';
import {
  prepareProductImage,
  removeFiles,
  writePreparedImages,
} from '../catalog/product-image-files';
import {
  readHeroProducts,
  readHomeHero,
  readNewestDrawable,
  writeHomeHero,
  type HeroProduct,
  type HomeHeroRow,
} from './home-hero.repository';

export type HomeHeroService = ReturnType<typeof createHomeHeroService>;

const drawn = (p: HeroProduct) => p.live && p.images[0] !== undefined;

/**
 * The home page's hero (docs/decisions/147-owner-picks-the-home-hero.md): what the storefront
 * draws and the server's HTML carries and preloads (decision 165), and the owner's changes to it.
 * Every change NOTIFYs the catalogue's channel in its transaction, as product writes do, so every
 * process drops the home page it keeps with the old hero (pages/kept-page.ts listens to the
 * catalogue).
 */
export function createHomeHeroService(deps: {
  db: Database;
  catalog: Pick<CatalogService, 'announceChange' | 'invalidate'>;
  store: FileStore;
}) {
  const { db, catalog, store } = deps;

  /**
   * The banner; else the picked products still live and pictured, filled up to two with the
   * newest pictured products — a deleted pick never leaves a hole in the frame.
   */
  async function shownFor(row: HomeHeroRow | undefined): Promise<HomeHero> {
    if (row?.kind === 'banner' && row.bannerImage && row.bannerAlt)
      return {
        kind: 'banner',
        pictures: [{ src: row.bannerImage, alt: row.bannerAlt, href: null }],
      };
    const pickedIds = row?.kind === 'products' ? row.productIds : [];
    const picked = (await readHeroProducts(db, pickedIds)).filter(drawn);
    const missing = HOME_HERO_LIMITS.productsMax - picked.length;
    // The picks are left out, so a pick never shows twice (an unpictured one cannot show at all).
    const newest = missing > 0 ? await readNewestDrawable(db, missing, pickedIds) : [];
    return {
      kind: 'products',
      pictures: [...picked, ...newest].map((p) => ({
        src: p.images[0]!,
        alt: p.name,
        href: productPath({ _id: p.id, name: p.name }),
      })),
    };
  }

  async function adminView(row: HomeHeroRow | undefined): Promise<AdminHomeHero> {
    const picks = await readHeroProducts(db, row?.productIds ?? []);
    return {
      kind: (row?.kind ?? 'newest') as HomeHeroKind,
      products: picks.map((p) => ({
        _id: p.id,
        name: p.name,
        image: p.images[0] ?? null,
        live: p.live,
      })),
      banner:
        row?.bannerImage && row.bannerAlt ? { src: row.bannerImage, alt: row.bannerAlt } : null,
      shown: await shownFor(row),
    };
  }

  /** Runs the write with the catalogue's NOTIFY; this process drops its pages at once too. */
  async function change(write: (tx: Database) => Promise<void>): Promise<AdminHomeHero> {
    await db.transaction(async (tx) => {
      await write(tx);
      await catalog.announceChange(tx);
    });
    catalog.invalidate();
    return adminView(await readHomeHero(db));
  }

  return {
    /** GET /api/home/hero, and the hero GET / carries (decision 165). */
    shown: async () => shownFor(await readHomeHero(db)),
    adminView: async () => adminView(await readHomeHero(db)),

    save(choice: HomeHeroChoice, by: string): Promise<AdminHomeHero> {
      return change(async (tx) => {
        const before = await readHomeHero(tx);
        const kept = {
          productIds: before?.productIds ?? [],
          bannerImage: before?.bannerImage ?? null,
          bannerAlt: before?.bannerAlt ?? null,
          updatedBy: by,
        };
        if (choice.kind === 'products') {
          const found = await readHeroProducts(tx, choice.productIds);
          if (found.length !== choice.productIds.length || !found.every((p) => p.live))
            throw new AppError('invalid_data', M.unknownProduct);
          if (!found.every(drawn)) throw new AppError('invalid_data', M.noPicture);
          await writeHomeHero(tx, { ...kept, kind: 'products', productIds: choice.productIds });
        } else if (choice.kind === 'banner') {
          if (!kept.bannerImage) throw new AppError('invalid_data', M.noBanner);
          await writeHomeHero(tx, { ...kept, kind: 'banner', bannerAlt: choice.alt });
        } else {
          await writeHomeHero(tx, { ...kept, kind: 'newest' });
        }
      });
    },

    /**
     * The banner through the product pictures' pipeline (checked from its bytes, 800 and 400 px
     * WebP, content-addressed in the FileStore); shown at once. A refused write takes its files back.
     */
    async uploadBanner(bytes: Buffer, alt: string, by: string): Promise<AdminHomeHero> {
      const prepared = await prepareProductImage(bytes, store);
      const created = await writePreparedImages(store, [prepared]);
      try {
        return await change(async (tx) => {
          const before = await readHomeHero(tx);
          await writeHomeHero(tx, {
            kind: 'banner',
            productIds: before?.productIds ?? [],
            bannerImage: prepared.url,
            bannerAlt: alt,
            updatedBy: by,
          });
        });
      } catch (error) {
        await removeFiles(store, created);
        throw error;
      }
    },
  };
}
