import { z } from 'zod';
import { productListResponseSchema } from './catalog';
import { CATALOG_LIMITS, DEFAULT_LOCALE, LOCALES, type Locale } from './constants';
import { requiredText } from './validation';

/**
 * The dashboard's own calls (SPEC section 2, 'Dashboard content'):
 *   GET /api/settings/code/dashboard_slider        the slider's banners (PUT by staff)
 *   GET /api/dashboard/most-bought?limit&locale    this company's most bought products
 *   GET /api/dashboard/monthly-spend               the company's spend, last 12 months
 * Popular products are everyone's best sellers: GET /api/products/filter/best_seller.
 */

/** Banner pictures the demo seed draws into the media directory (`/api/media/banners/{name}.svg`). */
export const BANNER_IMAGES = ['solar', 'batteries', 'chargers', 'power-stations'] as const;
export type BannerImage = (typeof BANNER_IMAGES)[number];
export const bannerImagePath = (name: BannerImage) => `/api/media/banners/${name}.svg`;
const bannerImagePaths: readonly string[] = BANNER_IMAGES.map(bannerImagePath);

/**
 * Pictures staff upload for the shop itself (banners, category icons), stored once as WebP and
 * served at `/api/media/pictures/{id}.webp`.
 */
export const SHOP_PICTURE_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  /** A banner is cropped to fill this size (2:1, as the slider shows it). */
  banner: { width: 1200, height: 600 },
  /** An icon fits in this square, transparent around it. */
  iconSize: 128,
} as const;
export const SHOP_PICTURE_BASE = '/api/media/pictures';
export const shopPicturePathSchema = z
  .string()
  .regex(/^\/api\/media\/pictures\/[0-9a-f-]{36}\.webp$/, 'validation.banner_picture');
/** The id of an uploaded shop picture named by `path`, or null for any other path. */
export function shopPictureIdOf(path: string): string | null {
  return shopPicturePathSchema.safeParse(path).success
    ? path.slice(SHOP_PICTURE_BASE.length + 1, -'.webp'.length)
    : null;
}
/** `POST /admin/banner-pictures`, `PUT /admin/categories/{id}/icon`: where the picture is served. */
export const shopPictureSchema = z.object({ path: z.string() });
export type ShopPicture = z.infer<typeof shopPictureSchema>;

export const DASHBOARD_SLIDER_MAX_BANNERS = 8;

export const bannerTextSchema = z.strictObject({
  title: requiredText(80),
  text: requiredText(240),
  /** The link's label ('Shop solar panels'). */
  cta: requiredText(40),
});
export type BannerText = z.infer<typeof bannerTextSchema>;

/** English is required (the fallback); other languages are optional. */
const bannerTextsSchema = z.strictObject(
  Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      locale === DEFAULT_LOCALE ? bannerTextSchema : bannerTextSchema.optional(),
    ]),
  ) as { en: typeof bannerTextSchema } & Record<
    Exclude<Locale, 'en'>,
    z.ZodOptional<typeof bannerTextSchema>
  >,
);

/** An internal route of the web app without the locale prefix (`/cat/solar-panels`). */
export const internalLinkSchema = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/(?![/\\])[A-Za-z0-9\-._~/?=&%+]*$/, 'validation.invalid');

export const bannerSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  /** A picture staff uploaded, or one the demo seed drew. */
  image: z
    .string()
    .refine(
      (path) => bannerImagePaths.includes(path) || shopPictureIdOf(path) !== null,
      'validation.banner_picture',
    ),
  link: internalLinkSchema,
  texts: bannerTextsSchema,
});
export type Banner = z.infer<typeof bannerSchema>;

/** The dashboard slider: one editable value under code dashboard_slider. */
export const dashboardSliderSchema = z.strictObject({
  /** Seconds between automatic slides (none when the visitor prefers reduced motion). */
  interval_seconds: z.number().int().min(3).max(60),
  banners: z
    .array(bannerSchema)
    .max(DASHBOARD_SLIDER_MAX_BANNERS)
    .superRefine((banners, context) => {
      const seen = new Set<string>();
      banners.forEach((banner, index) => {
        if (seen.has(banner.id)) {
          context.addIssue({ code: 'custom', message: 'validation.invalid', path: [index, 'id'] });
        }
        seen.add(banner.id);
      });
    }),
});
export type DashboardSlider = z.infer<typeof dashboardSliderSchema>;

export const dashboardSliderSettingResponseSchema = z.object({
  code: z.literal('dashboard_slider'),
  value: dashboardSliderSchema,
  updated_at: z.string(),
});
export type DashboardSliderSettingResponse = z.infer<typeof dashboardSliderSettingResponseSchema>;

/**
 * Orders whose money was spent: paid and not taken back (processing, completed, closed).
 * Pending orders are not paid yet; failed and canceled ones were never paid or were refunded.
 */
export const SPENDING_ORDER_STATUSES = ['processing', 'completed', 'closed'] as const;

export const DASHBOARD_MOST_BOUGHT_DEFAULT_LIMIT = 4;
export const mostBoughtQuerySchema = z.strictObject({
  locale: z.enum(LOCALES).optional(),
  limit: z.coerce.number().int().min(1).max(CATALOG_LIMITS.filterListLimit).optional(),
});
export type MostBoughtQuery = z.infer<typeof mostBoughtQuerySchema>;
/** Product rows as the catalog's, in the request language at today's prices. */
export const mostBoughtResponseSchema = productListResponseSchema;

export const MONTHLY_SPEND_MONTHS = 12;
export const monthlySpendQuerySchema = z.strictObject({});
export const monthlySpendResponseSchema = z.object({
  /** Oldest first, the current month last; months without orders answer 0. */
  months: z.array(
    z.object({
      /** YYYY-MM, in UTC, of the day the order was paid. */
      month: z.string().regex(/^\d{4}-\d{2}$/),
      /** Order values (VAT and shipping included) in euros. */
      amount: z.number(),
      orders: z.number().int(),
    }),
  ),
  total: z.number(),
  currency: z.literal('EUR'),
});
export type MonthlySpend = z.infer<typeof monthlySpendResponseSchema>;
