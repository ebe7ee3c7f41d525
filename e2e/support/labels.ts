import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Tree = { [key: string]: string | Tree };
const dir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/src/i18n/locales',
);

/** The web app's own texts, so journeys find elements by what a person reads. */
export function labels(locale: string) {
  const tree = JSON.parse(readFileSync(path.join(dir, `${locale}.json`), 'utf8')) as Tree;
  return (key: string, vars: Record<string, string> = {}): string => {
    const value = key
      .split('.')
      .reduce<string | Tree | undefined>(
        (node, part) => (typeof node === 'object' ? node[part] : undefined),
        tree,
      );
    if (typeof value !== 'string') throw new Error(`no text for ${key} in ${locale}`);
    return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
  };
}
