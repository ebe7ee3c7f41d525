import type { BannerImage } from '@portal/contract';
import { ACCENTS, PALETTE, circle, el } from './elements';
import type { ProductImageKind } from './paths';
import { PRODUCT_DRAWINGS } from './product-drawings';

const WIDTH = 800;
const HEIGHT = 400;

interface Placed {
  kind: ProductImageKind;
  variant: number;
  x: number;
  y: number;
  scale: number;
}

/** Each banner: two background tints and the product drawings standing in front of them. */
const BANNERS: Record<BannerImage, { from: string; to: string; sun?: boolean; items: Placed[] }> = {
  solar: {
    from: '#e3f2fd',
    to: '#fff8e1',
    sun: true,
    items: [
      { kind: 'solar-panel', variant: 0, x: 300, y: 40, scale: 1.45 },
      { kind: 'inverter', variant: 4, x: 90, y: 150, scale: 0.95 },
      { kind: 'controller', variant: 1, x: 600, y: 190, scale: 0.8 },
    ],
  },
  batteries: {
    from: '#e8f5e9',
    to: '#e3f2fd',
    items: [
      { kind: 'laptop-battery', variant: 0, x: 250, y: 60, scale: 1.4 },
      { kind: 'tool-battery', variant: 2, x: 60, y: 150, scale: 0.95 },
      { kind: 'phone-battery', variant: 1, x: 590, y: 150, scale: 0.95 },
    ],
  },
  chargers: {
    from: '#f3e5f5',
    to: '#e8eaf6',
    items: [
      { kind: 'charger', variant: 6, x: 260, y: 50, scale: 1.4 },
      { kind: 'tool-charger', variant: 2, x: 60, y: 160, scale: 0.9 },
      { kind: 'phone-charger', variant: 3, x: 600, y: 160, scale: 0.9 },
    ],
  },
  'power-stations': {
    from: '#fff3e0',
    to: '#e0f2f1',
    sun: true,
    items: [
      { kind: 'power-station', variant: 4, x: 270, y: 50, scale: 1.4 },
      { kind: 'solar-panel', variant: 1, x: 40, y: 150, scale: 0.95 },
      { kind: 'ebike-battery', variant: 0, x: 590, y: 160, scale: 0.9 },
    ],
  },
};

/** A wide banner picture for the dashboard slider; its texts are laid over by the web app. */
export function renderBanner(name: BannerImage): string {
  const banner = BANNERS[name];
  const gradient = el(
    'defs',
    {},
    el(
      'linearGradient',
      { id: 'sky', x1: 0, y1: 0, x2: 1, y2: 1 },
      el('stop', { offset: 0, 'stop-color': banner.from }),
      el('stop', { offset: 1, 'stop-color': banner.to }),
    ),
  );
  const backdrop =
    el('rect', { width: WIDTH, height: HEIGHT, fill: 'url(#sky)' }) +
    (banner.sun ? circle(690, 80, 46, { fill: PALETTE.gold, opacity: 0.85 }) : '') +
    circle(120, 60, 70, { fill: ACCENTS[0], opacity: 0.07 }) +
    circle(720, 360, 120, { fill: ACCENTS[2], opacity: 0.08 }) +
    el('ellipse', { cx: 400, cy: 372, rx: 360, ry: 16, fill: PALETTE.shadow });
  const items = banner.items
    .map(({ kind, variant, x, y, scale }) =>
      el(
        'g',
        { transform: `translate(${x} ${y}) scale(${scale})` },
        PRODUCT_DRAWINGS[kind](ACCENTS[variant % ACCENTS.length] ?? ACCENTS[0], variant),
      ),
    )
    .join('');
  // Decorative: the slide's title is the text alternative, so the picture stays silent.
  return el(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
      width: WIDTH,
      height: HEIGHT,
      'aria-hidden': 'true',
    },
    gradient,
    backdrop,
    items,
  );
}
