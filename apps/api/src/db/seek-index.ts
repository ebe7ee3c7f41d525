/**
 * Remembered page boundaries ("seek index") of the lists without a search or date filter: per
 * database handle and list (company or user, list, filter), the sort key of every K-th row,
 * computed in one statement with the list's version (the kept counts' `version`, moved by the
 * triggers of migration 0009 whenever the list's rows or their order may have changed). A page at
 * offset `o` is then read from the boundary at or before `o`, skipping fewer than K index
 * entries instead of up to half the list. The page statement answers the list's version read in
 * its own snapshot: if it is not the boundaries' version, the boundaries are dropped and
 * recomputed and the page is read again (and if the list moved again meanwhile, read the plain
 * way), so a stale boundary never answers a page.
 */

/**
 * A sort key at or after every row's in newest-first order (the largest timestamp and uuid):
 * the boundary the first pages are read from.
 */
export const newestUuidKey = { at: 'infinity', tie: 'ffffffff-ffff-ffff-ffff-ffffffffffff' };

/**
 * K, the spacing of the boundaries, and how many boundaries a process remembers in all (about
 * 150 bytes each). A page skips K/2 index entries on average: at 200, skipping them was a fifth
 * of the database's time for an order page, whose index entries carry the page's columns.
 */
export const seekSettings = { every: 50, maxKeys: 200_000 };

/** One list's boundaries: the version they hold for and each K-th row's sort key as text. */
export interface Boundaries {
  version: string;
  keys: Array<{ at: string; tie: string }>;
}

/**
 * Boundaries from the rows of a boundaries statement (paging.ts boundariesStatement): the version
 * on every row, a null key on the one row of an empty list.
 */
export function boundariesFrom(
  rows: Array<{ version: string; at: string | null; tie: string | null }>,
): Boundaries {
  return {
    version: rows[0]?.version ?? '0',
    keys: rows.flatMap(({ at, tie }) => (at !== null && tie !== null ? [{ at, tie }] : [])),
  };
}

/** Boundaries with the spacing they were computed with. */
interface Spaced extends Boundaries {
  every: number;
}

/** A remembered list: its boundaries, and how many keys they hold once computed (0 before). */
interface Entry {
  boundaries: Promise<Spaced>;
  keys: number;
}

/** A database handle's remembered lists, least recently used first, and their keys in all. */
interface Remembered {
  lists: Map<string, Entry>;
  keys: number;
}

const byDb = new WeakMap<object, Remembered>();

function rememberedOf(db: object): Remembered {
  let remembered = byDb.get(db);
  if (!remembered) {
    remembered = { lists: new Map(), keys: 0 };
    byDb.set(db, remembered);
  }
  return remembered;
}

/** Forgets a list's boundaries (and their keys) if they are still `entry`. */
function forget(remembered: Remembered, list: string, entry: Entry) {
  if (remembered.lists.get(list) !== entry) return;
  remembered.lists.delete(list);
  remembered.keys -= entry.keys;
}

/** Counts a computed list's keys, then forgets the least recently used lists over the budget. */
function counted(remembered: Remembered, list: string, entry: Entry, keys: number) {
  if (remembered.lists.get(list) !== entry) return;
  entry.keys = keys;
  remembered.keys += keys;
  for (const [oldest, oldestEntry] of remembered.lists) {
    if (remembered.keys <= seekSettings.maxKeys || oldest === list) break;
    forget(remembered, oldest, oldestEntry);
  }
}

/** The list's remembered boundaries (most recently used last), computed when there are none. */
function boundariesFor(
  db: object,
  list: string,
  compute: (every: number) => Promise<Boundaries>,
): Entry {
  const remembered = rememberedOf(db);
  const known = remembered.lists.get(list);
  if (known) {
    remembered.lists.delete(list);
    remembered.lists.set(list, known);
    return known;
  }
  const every = seekSettings.every;
  const entry: Entry = {
    boundaries: compute(every).then((boundaries) => ({ ...boundaries, every })),
    keys: 0,
  };
  remembered.lists.set(list, entry);
  entry.boundaries.then(
    (boundaries) => counted(remembered, list, entry, boundaries.keys.length),
    () => forget(remembered, list, entry),
  );
  return entry;
}

/** How many lists and boundaries `db` remembers now (for tests). */
export function rememberedOn(db: object) {
  const remembered = rememberedOf(db);
  return { lists: remembered.lists.size, keys: remembered.keys };
}

/**
 * One page of a list at `offset`: from the nearest remembered boundary at or before it when the
 * offset is at least K (`seek`, answering the rows and the list's version from one snapshot),
 * from `newest` (a key at or after every row's, so no boundaries and no version) when it is
 * less, and the plain way (`plain`) when the list keeps moving. The first pages go through the
 * seek statement too: PostgreSQL keeps its generic plan, while a plain OFFSET statement's generic
 * plan, not knowing the offset, looks costlier than one planned for offset 0, so it was planned
 * anew on every request (a third of a millisecond of CPU each).
 */
export async function pageBySeek<Page>(options: {
  db: object;
  list: string;
  offset: number;
  newest: { at: string; tie: string };
  compute: (every: number) => Promise<Boundaries>;
  seek: (
    boundary: { at: string; tie: string },
    skip: number,
  ) => Promise<{ page: Page; version: string | null }>;
  plain: () => Promise<Page>;
}): Promise<Page> {
  const { db, list, offset, newest, compute, seek, plain } = options;
  if (offset < seekSettings.every) return (await seek(newest, offset)).page;
  for (let attempt = 0; attempt < 2; attempt++) {
    const pending = boundariesFor(db, list, compute);
    const boundaries = await pending.boundaries;
    const index = Math.min(Math.floor(offset / boundaries.every), boundaries.keys.length - 1);
    const boundary = boundaries.keys[index];
    if (!boundary) {
      // The list was empty when the boundaries were computed: read plainly, compute anew next time.
      forget(rememberedOf(db), list, pending);
      return plain();
    }
    const { page, version } = await seek(boundary, offset - index * boundaries.every);
    if (version === boundaries.version) return page;
    forget(rememberedOf(db), list, pending);
  }
  return plain();
}
