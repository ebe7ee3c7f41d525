import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Tree = { [key: string]: string | Tree };
const dir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/src/i18n/locales',
);

/**
 * The web app's own texts, so journeys find elements by what a person reads. A key with a
 * namespace (`staff:orders.title`) reads that namespace's file (`locales/staff/`).
 */
export function labels(locale: string) {
  const read = (file: string) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Tree;
  const trees: Record<string, Tree> = {
    translation: read(`${locale}.json`),
    staff: read(`staff/${locale}.json`),
    claims: read(`claims/${locale}.json`),
    approvals: read(`approvals/${locale}.json`),
    quotes: read(`quotes/${locale}.json`),
  };
  return (key: string, vars: Record<string, string> = {}): string => {
    const [namespace, keyPath] = key.includes(':') ? key.split(':', 2) : ['translation', key];
    const value = (keyPath ?? '')
      .split('.')
      .reduce<string | Tree | undefined>(
        (node, part) => (typeof node === 'object' ? node[part] : undefined),
        trees[namespace ?? 'translation'],
      );
    if (typeof value !== 'string') throw new Error(`no text for ${key} in ${locale}`);
    return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
  };
}
