import {
  LOCALES,
  type Locale,
  type StaffCategory,
  type StaffCategoryCreate,
  type StaffCategoryMove,
} from '@portal/contract';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { categories, categoryTranslations, productCategories } from '../../db/schema';
import { fieldError, notFound } from '../../platform/errors';
import { slugify } from '../../platform/slug';
import { recordAudit } from '../audit';
import { deleteShopPicture, storeShopPicture } from '../media';

type Names = Partial<Record<Locale, string>>;

/** `GET /admin/categories`: every category, inactive ones too, in tree order by position. */
export async function listStaffCategories(db: Db): Promise<{ items: StaffCategory[] }> {
  const [rows, texts, counts] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.createdAt)),
    db.select().from(categoryTranslations),
    db
      .select({ id: productCategories.categoryId, count: sql<number>`count(*)::int` })
      .from(productCategories)
      .groupBy(productCategories.categoryId),
  ]);
  const countOf = new Map(counts.map((row) => [row.id, row.count]));
  return {
    items: rows.map((row) => {
      const own = texts.filter((text) => text.categoryId === row.id);
      return {
        _id: row.id,
        parent_id: row.parentId,
        position: row.position,
        is_active: row.isActive,
        names: Object.fromEntries(
          own.filter((text) => text.name).map((text) => [text.locale, text.name]),
        ),
        slugs: Object.fromEntries(own.map((text) => [text.locale, text.slug])),
        products: countOf.get(row.id) ?? 0,
        icon: row.iconPath ? { path: row.iconPath } : null,
      };
    }),
  };
}

async function lockCategory(tx: Tx, categoryId: string) {
  const [row] = await tx
    .select()
    .from(categories)
    .where(eq(categories.id, categoryId))
    .for('update');
  if (!row) throw notFound('errors.category_not_found');
  return row;
}

/** A slug free in a language: the name's, else with -2, -3… */
async function freeSlug(tx: Tx, locale: Locale, name: string): Promise<string> {
  const base = slugify(name) || 'category';
  const taken = new Set(
    (
      await tx
        .select({ slug: categoryTranslations.slug })
        .from(categoryTranslations)
        .where(
          and(
            eq(categoryTranslations.locale, locale),
            sql`${categoryTranslations.slug} like ${`${base}%`}`,
          ),
        )
    ).map((row) => row.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/**
 * Writes the names of a category: a language seen for the first time gets its slug from its
 * name; an existing slug never changes, even when its name is emptied (links to the category
 * keep working); a language left empty keeps no name (buyers see the English one).
 */
async function writeNames(tx: Tx, categoryId: string, names: Names) {
  const existing = await tx
    .select()
    .from(categoryTranslations)
    .where(eq(categoryTranslations.categoryId, categoryId));
  for (const locale of LOCALES) {
    const name = names[locale]?.trim() ?? '';
    const current = existing.find((row) => row.locale === locale);
    if (!name) {
      // The name goes, the slug stays: links to the category in that language keep working.
      if (current?.name) {
        await tx
          .update(categoryTranslations)
          .set({ name: '' })
          .where(
            and(
              eq(categoryTranslations.categoryId, categoryId),
              eq(categoryTranslations.locale, locale),
            ),
          );
      }
    } else if (!current) {
      const slug = await freeSlug(tx, locale, name);
      await tx.insert(categoryTranslations).values({ categoryId, locale, name, slug });
    } else if (current.name !== name) {
      await tx
        .update(categoryTranslations)
        .set({ name })
        .where(
          and(
            eq(categoryTranslations.categoryId, categoryId),
            eq(categoryTranslations.locale, locale),
          ),
        );
    }
  }
}

const namesOf = async (tx: Tx, categoryId: string): Promise<Names> =>
  Object.fromEntries(
    (
      await tx
        .select({ locale: categoryTranslations.locale, name: categoryTranslations.name })
        .from(categoryTranslations)
        .where(eq(categoryTranslations.categoryId, categoryId))
    )
      .filter((row) => row.name)
      .map((row) => [row.locale, row.name]),
  );

/** `POST /admin/categories`: a new category, last among its parent's children. */
export async function createCategory(
  db: Db,
  staffUserId: string,
  input: StaffCategoryCreate,
  locale: Locale,
): Promise<string> {
  return db.transaction(async (tx) => {
    if (input.parent_id) {
      const [parent] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, input.parent_id));
      if (!parent) throw fieldError(locale, 'parent_id', 'validation.invalid_choice');
    }
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${categories.position}), -1)::int` })
      .from(categories)
      .where(
        input.parent_id ? eq(categories.parentId, input.parent_id) : isNull(categories.parentId),
      );
    const [row] = await tx
      .insert(categories)
      .values({ parentId: input.parent_id, position: (last?.position ?? -1) + 1 })
      .returning({ id: categories.id });
    if (!row) throw new Error('category not written');
    await writeNames(tx, row.id, input.names);
    await recordAudit(tx, {
      staffUserId,
      action: 'category.create',
      entityType: 'category',
      entityId: row.id,
      entityLabel: input.names.en ?? null,
      after: { names: input.names },
    });
    return row.id;
  });
}

/** `PUT /admin/categories/{id}`: renamed; the audit log keeps the names before and after. */
export async function renameCategory(
  db: Db,
  staffUserId: string,
  categoryId: string,
  names: Names,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCategory(tx, categoryId);
    const before = await namesOf(tx, categoryId);
    await writeNames(tx, categoryId, names);
    const after = await namesOf(tx, categoryId);
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    await recordAudit(tx, {
      staffUserId,
      action: 'category.update',
      entityType: 'category',
      entityId: categoryId,
      entityLabel: after.en ?? null,
      before: { names: before },
      after: { names: after },
    });
  });
}

/**
 * `POST /admin/categories/{id}/move`: under another parent (or to the top) at a position among
 * its new siblings, which are numbered again. A category cannot go under itself or one of its
 * descendants.
 */
export async function moveCategory(
  db: Db,
  staffUserId: string,
  categoryId: string,
  move: StaffCategoryMove,
  locale: Locale,
): Promise<void> {
  await db.transaction(async (tx) => {
    // Moves are taken one at a time: two at once could make a loop between them.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('portal.category_tree'))`);
    const category = await lockCategory(tx, categoryId);
    if (move.parent_id) {
      const [inside] = (
        (await tx.execute(sql`with recursive sub as (
            select id from categories where id = ${categoryId}
            union all select c.id from categories c join sub on c.parent_id = sub.id)
          select 1 as found from sub where id = ${move.parent_id}`)) as unknown as {
          rows: unknown[];
        }
      ).rows;
      const [parent] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, move.parent_id));
      if (inside || !parent) throw fieldError(locale, 'parent_id', 'validation.invalid_choice');
    }
    const siblings = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(
        and(
          move.parent_id ? eq(categories.parentId, move.parent_id) : isNull(categories.parentId),
          ne(categories.id, categoryId),
        ),
      )
      .orderBy(asc(categories.position), asc(categories.createdAt));
    const order = siblings.map((row) => row.id);
    order.splice(Math.min(move.position, order.length), 0, categoryId);
    for (const [position, id] of order.entries()) {
      await tx
        .update(categories)
        .set({
          position,
          ...(id === categoryId ? { parentId: move.parent_id } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(categories.id, id));
    }
    await recordAudit(tx, {
      staffUserId,
      action: 'category.move',
      entityType: 'category',
      entityId: categoryId,
      entityLabel: (await namesOf(tx, categoryId)).en ?? null,
      before: { parent_id: category.parentId, position: category.position },
      after: { parent_id: move.parent_id, position: order.indexOf(categoryId) },
    });
  });
}

/** `PUT /admin/categories/{id}/active`: an inactive category and its subtree are hidden. */
export async function setCategoryActive(
  db: Db,
  staffUserId: string,
  categoryId: string,
  active: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    const category = await lockCategory(tx, categoryId);
    if (category.isActive === active) return;
    await tx
      .update(categories)
      .set({ isActive: active, updatedAt: sql`now()` })
      .where(eq(categories.id, categoryId));
    await recordAudit(tx, {
      staffUserId,
      action: active ? 'category.activate' : 'category.deactivate',
      entityType: 'category',
      entityId: categoryId,
      entityLabel: (await namesOf(tx, categoryId)).en ?? null,
      before: { active: category.isActive },
      after: { active },
    });
  });
}

/**
 * `PUT /admin/categories/{id}/icon` (a picture uploaded) and `DELETE …/icon` (null: buyers see
 * the default battery icon again). The icon it replaces, if uploaded, is deleted with the change.
 */
export async function setCategoryIcon(
  db: Db,
  staffUserId: string,
  categoryId: string,
  icon: Buffer | null,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const category = await lockCategory(tx, categoryId);
    if (!icon && !category.iconPath) return null;
    const iconPath = icon ? await storeShopPicture(tx, 'category_icon', icon, staffUserId) : null;
    await tx
      .update(categories)
      .set({ iconPath, updatedAt: sql`now()` })
      .where(eq(categories.id, categoryId));
    await deleteShopPicture(tx, category.iconPath);
    await recordAudit(tx, {
      staffUserId,
      action: 'category.icon',
      entityType: 'category',
      entityId: categoryId,
      entityLabel: (await namesOf(tx, categoryId)).en ?? null,
      before: { icon: category.iconPath },
      after: { icon: iconPath },
    });
    return iconPath;
  });
}
