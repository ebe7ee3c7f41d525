import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const allStyles = require.resolve('@mantine/core/styles.css');
const stylesDir = path.join(path.dirname(allStyles), 'styles');
/** What every page needs before any component's file, in this order. */
const BASE = ['baseline', 'default-css-variables', 'global'];
/** A Mantine component's class names: drawn in the bundle, its styles/<Name>.css is needed. */
const CLASS_NAMES = /@mantine[\\/]core[\\/]esm[\\/].*[\\/]([^\\/]+)\.module\.mjs$/;
const IMPORT = /@import '@mantine\/core\/styles\/([^']+)\.css';/g;

/**
 * Checks at build that `listFile` imports the styles of exactly the Mantine components the bundle
 * draws, in the order of Mantine's styles.css (where a later file overrides an earlier one), and
 * fails the build with the list it should have otherwise.
 */
export function mantineStylesCheck(listFile: string): Plugin {
  return {
    name: 'mantine-styles-check',
    // The browser's bundle; the prerender's server build draws the sign-in page alone.
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    generateBundle(_options, bundle) {
      const drawn = new Set<string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(output.modules)) {
          const name = CLASS_NAMES.exec(id)?.[1];
          if (name && module.renderedLength > 0) drawn.add(name);
        }
      }
      const all = readFileSync(allStyles, 'utf8');
      // Each file's place in styles.css (where its first rules are), read once.
      const place = new Map(
        [...drawn].map((name) => {
          const rules = readFileSync(path.join(stylesDir, `${name}.css`), 'utf8').trim();
          return [name, all.indexOf(rules.slice(0, 120))];
        }),
      );
      const byPlace = [...drawn].sort((a, b) => (place.get(a) ?? 0) - (place.get(b) ?? 0));
      const expected = [...BASE, ...byPlace];
      const listed = [...readFileSync(listFile, 'utf8').matchAll(IMPORT)].map((match) => match[1]);
      if (listed.join() === expected.join()) return;
      const lines = expected.map((name) => `@import '@mantine/core/styles/${name}.css';`);
      this.error(
        `${listFile} must import the styles of the Mantine components the app draws, in this ` +
          `order:\n${lines.join('\n')}`,
      );
    },
  };
}
