import {
  adminHomeHeroResponseSchema,
  homeHeroBannerFieldsSchema,
  homeHeroChoiceSchema,
  homeHeroResponseSchema,
} from '../../schemas/home-hero';
import { ADMIN_SESSION, endpointGroup, refusals } from '../endpoint';
import { lateRoutes } from '../late-routes';
import { routes } from '../routes';

/**
 * The home page's hero (docs/decisions/147-owner-picks-the-home-hero.md). The shop's call is a
 * first-screen group (`routes.ts`, its answer checked by hand in the first chunk); the owner's are
 * late, called from the admin chunk.
 */
export const home = endpointGroup({
  hero: {
    ...routes.home.hero,
    schema: {
      summary: 'What the home page’s hero shows: products’ first pictures or the owner’s banner',
      description:
        'The owner’s pick (GET/PUT /api/admin/home-hero). Picked products that are deleted or have no picture are replaced by the newest pictured products; nothing picked shows the two newest.',
      tags: ['Catalogue'],
      response: { 200: homeHeroResponseSchema },
    },
  },
});

const security = ADMIN_SESSION;

export const homeHero = endpointGroup({
  get: {
    ...lateRoutes.homeHero.get,
    schema: {
      summary: 'The home hero’s setting: the picked products, the banner, and what shows now',
      tags: ['Admin: home page'],
      security,
      response: { 200: adminHomeHeroResponseSchema, ...refusals(401, 403) },
    },
  },
  save: {
    ...lateRoutes.homeHero.save,
    schema: {
      summary:
        'Choose what the home hero shows: the newest products, up to two products, or the banner',
      description:
        'Unknown, deleted or unpictured product ids are a 400; `banner` needs a banner uploaded before (POST /api/admin/home-hero/banner).',
      tags: ['Admin: home page'],
      security,
      body: homeHeroChoiceSchema,
      response: { 200: adminHomeHeroResponseSchema, ...refusals(400, 401, 403) },
    },
  },
  uploadBanner: {
    ...lateRoutes.homeHero.uploadBanner,
    schema: {
      summary: 'Upload the hero’s banner picture and show it (multipart/form-data)',
      description:
        'One file named `image`, JPEG, PNG or WebP (recognised from the bytes), at most 5 MB, stored as 800 px and 400 px WebP, and its `alt` text. Refused uploads store nothing.',
      tags: ['Admin: home page'],
      security,
      consumes: ['multipart/form-data'],
      response: { 200: adminHomeHeroResponseSchema, ...refusals(400, 401, 403) },
    },
    multipart: {
      fields: homeHeroBannerFieldsSchema,
      files: { image: 'one JPEG, PNG or WebP picture' },
    },
  },
});
