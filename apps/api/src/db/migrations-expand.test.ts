import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Expand/contract (docs/operations.md, Upgrading): a migration runs while the previous release
 * still serves, so it only adds. What the previous release may still use is removed or
 * tightened in a later release, a statement marked `-- contract:` with the reason the release
 * before it no longer needs it. ops/upgrade.test.ts runs the latest migrations under the
 * previous release's load; this check names the statement before anything runs.
 */
const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Migrations before the rule (they ran with the API stopped). */
const FIRST_CHECKED = 47;

const BREAKING: [RegExp, string][] = [
  [/\bDROP\s+(TABLE|COLUMN|VIEW|TYPE)\b/i, 'drops what the previous release may read'],
  [/\bRENAME\b/i, 'renames what the previous release uses by name'],
  [/\bALTER\s+COLUMN\s+"?\w+"?\s+(SET\s+DATA\s+)?TYPE\b/i, 'changes a column type in place'],
  [/\bSET\s+NOT\s+NULL\b/i, 'makes the previous release’s inserts without the column fail'],
  [
    /\bADD\s+COLUMN\s+(?:(?!DEFAULT)[^,;])*\bNOT\s+NULL\b(?:(?!DEFAULT)[^,;])*$/i,
    'adds a required column with no default, which the previous release does not fill',
  ],
];

/** The statements of a migration file, each with the comment lines just above it. */
function statements(sql: string) {
  return sql.split('--> statement-breakpoint').map((chunk) => {
    const lines = chunk.trim().split('\n');
    const comments = lines.filter((line) => line.trim().startsWith('--')).join('\n');
    const code = lines.filter((line) => !line.trim().startsWith('--')).join('\n');
    return { comments, code };
  });
}

function breakingStatements(sql: string): string[] {
  return statements(sql).flatMap(({ comments, code }) =>
    /--\s*contract:/i.test(comments)
      ? []
      : code
          .split(';')
          .flatMap((statement) =>
            BREAKING.filter(([pattern]) => pattern.test(statement)).map(
              ([, why]) => `${statement.trim().split('\n')[0]}: ${why}`,
            ),
          ),
  );
}

describe('migrations are expand-only', () => {
  const files = readdirSync(folder)
    .filter((name) => /^\d{4}_.*\.sql$/.test(name))
    .filter((name) => Number(name.slice(0, 4)) >= FIRST_CHECKED);

  it(`every migration from ${FIRST_CHECKED} on only adds`, () => {
    for (const name of files) {
      expect(breakingStatements(readFileSync(path.join(folder, name), 'utf8')), name).toEqual([]);
    }
  });

  it('names what would break the previous release, unless marked as a contract step', () => {
    expect(breakingStatements('ALTER TABLE "users" DROP COLUMN "fax";')).toHaveLength(1);
    expect(breakingStatements('ALTER TABLE "orders" RENAME COLUMN "a" TO "b";')).toHaveLength(1);
    expect(
      breakingStatements('ALTER TABLE "orders" ALTER COLUMN "note" SET NOT NULL;'),
    ).toHaveLength(1);
    expect(breakingStatements('ALTER TABLE "users" ADD COLUMN "x" integer NOT NULL;')).toHaveLength(
      1,
    );
    expect(
      breakingStatements('ALTER TABLE "users" ADD COLUMN "x" integer DEFAULT 0 NOT NULL;'),
    ).toEqual([]);
    expect(breakingStatements('ALTER TABLE "users" ADD COLUMN "x" integer;')).toEqual([]);
    expect(
      breakingStatements(
        '-- contract: release 12 stopped reading fax (expanded in 0050)\nALTER TABLE "users" DROP COLUMN "fax";',
      ),
    ).toEqual([]);
  });
});
