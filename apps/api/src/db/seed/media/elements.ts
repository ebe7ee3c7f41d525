/** The flat palette every drawing shares, so pictures of different kinds look like one set. */
export const PALETTE = {
  paper: '#f3f5f8',
  shadow: '#dde3ea',
  ink: '#263238',
  body: '#37474f',
  bodyLight: '#546e7a',
  shell: '#eceff1',
  outline: '#cfd8dc',
  metal: '#b0bec5',
  gold: '#f2b83b',
  flex: '#e59c2f',
  led: '#7ee08a',
  white: '#ffffff',
} as const;

/** One accent colour per variant. */
export const ACCENTS = [
  '#1e88e5',
  '#43a047',
  '#fb8c00',
  '#8e24aa',
  '#00897b',
  '#e53935',
  '#3949ab',
  '#6d4c41',
] as const;

export const accentOf = (variant: number): string =>
  ACCENTS[variant % ACCENTS.length] ?? ACCENTS[0];

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

export type Attributes = Record<string, string | number>;

/** An element with escaped attributes; children are already-rendered markup. */
export function el(name: string, attributes: Attributes, ...children: string[]): string {
  const attrs = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(String(value))}"`)
    .join('');
  return children.length ? `<${name}${attrs}>${children.join('')}</${name}>` : `<${name}${attrs}/>`;
}

export const rect = (x: number, y: number, width: number, height: number, extra: Attributes = {}) =>
  el('rect', { x, y, width, height, ...extra });

export const circle = (cx: number, cy: number, r: number, extra: Attributes = {}) =>
  el('circle', { cx, cy, r, ...extra });

export const path = (d: string, extra: Attributes = {}) => el('path', { d, ...extra });

export const label = (x: number, y: number, text: string, size: number, fill: string) =>
  el(
    'text',
    {
      x,
      y,
      'font-family': 'Inter, Arial, Helvetica, sans-serif',
      'font-size': size,
      'font-weight': 700,
      'text-anchor': 'middle',
      'dominant-baseline': 'middle',
      fill,
    },
    escapeXml(text),
  );
