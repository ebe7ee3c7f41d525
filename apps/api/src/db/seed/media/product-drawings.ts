import { PALETTE as P, circle, label, path, rect } from './elements';
import type { ProductImageKind } from './paths';

/** Drawings on a 240 × 240 canvas: the background and ground shadow are added by the caller. */
type Drawing = (accent: string, variant: number) => string;

const repeat = (count: number, draw: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => draw(i)).join('');

const cable = (d: string, color: string = P.ink) =>
  path(d, { fill: 'none', stroke: color, 'stroke-width': 5, 'stroke-linecap': 'round' });

const laptopBattery: Drawing = (accent) =>
  rect(30, 88, 180, 68, { rx: 8, fill: P.body }) +
  repeat(6, (i) => circle(50 + i * 28, 106, 9, { fill: P.bodyLight })) +
  repeat(6, (i) => circle(47 + i * 28, 103, 3, { fill: P.metal })) +
  rect(44, 122, 152, 26, { rx: 4, fill: accent }) +
  label(120, 136, 'Li-ion', 14, P.white) +
  rect(210, 104, 12, 36, { rx: 2, fill: P.metal }) +
  repeat(3, (i) => rect(214, 110 + i * 9, 5, 5, { fill: P.gold }));

const phoneBattery: Drawing = (accent) =>
  rect(104, 20, 32, 12, { rx: 2, fill: P.ink }) +
  rect(112, 30, 16, 16, { fill: P.flex }) +
  rect(74, 44, 92, 160, { rx: 10, fill: P.body }) +
  rect(86, 72, 68, 100, { rx: 6, fill: accent }) +
  label(120, 112, 'Li-ion', 13, P.white) +
  rect(100, 136, 34, 16, { rx: 2, fill: 'none', stroke: P.white, 'stroke-width': 2 }) +
  rect(134, 141, 4, 6, { fill: P.white });

const toolBattery: Drawing = (accent) =>
  rect(72, 70, 96, 34, { rx: 6, fill: P.bodyLight }) +
  rect(80, 62, 80, 12, { rx: 3, fill: P.body }) +
  path('M84 84h72M84 94h72', { stroke: P.body, 'stroke-width': 3 }) +
  rect(44, 100, 152, 86, { rx: 12, fill: P.body }) +
  rect(44, 168, 152, 18, { rx: 9, fill: accent }) +
  rect(56, 114, 26, 40, { rx: 6, fill: accent }) +
  label(132, 128, '18V', 18, P.white) +
  repeat(4, (i) => rect(108 + i * 16, 146, 11, 6, { rx: 2, fill: i < 3 ? P.led : P.bodyLight }));

const cameraBattery: Drawing = (accent) =>
  rect(70, 62, 100, 124, { rx: 10, fill: P.body }) +
  repeat(3, (i) => rect(94 + i * 19, 70, 13, 16, { rx: 2, fill: P.gold })) +
  rect(80, 100, 80, 62, { rx: 5, fill: accent }) +
  label(120, 124, 'Li-ion', 13, P.white) +
  path('M96 146h48', { stroke: P.white, 'stroke-width': 2, opacity: 0.6 });

const ebikeBattery: Drawing = (accent) =>
  rect(58, 152, 124, 10, { rx: 3, fill: P.ink }) +
  rect(22, 96, 196, 58, { rx: 29, fill: P.body }) +
  rect(40, 112, 126, 12, { rx: 6, fill: accent }) +
  repeat(5, (i) => circle(52 + i * 14, 138, 3.5, { fill: i < 4 ? P.led : P.bodyLight })) +
  circle(190, 125, 11, { fill: P.metal }) +
  rect(188, 118, 4, 14, { rx: 1, fill: P.ink });

const charger: Drawing = (accent) =>
  cable('M40 122C18 122 16 84 34 62') +
  rect(22, 40, 24, 22, { rx: 4, fill: P.ink }) +
  rect(40, 90, 124, 66, { rx: 12, fill: P.body }) +
  rect(58, 108, 74, 30, { rx: 4, fill: P.bodyLight }) +
  circle(150, 104, 4, { fill: accent }) +
  cable('M164 124C194 124 204 150 198 178') +
  rect(191, 174, 14, 24, { rx: 3, fill: accent }) +
  rect(195, 196, 6, 10, { fill: P.metal });

const phoneCharger: Drawing = (accent) =>
  rect(96, 46, 9, 34, { rx: 4.5, fill: P.metal }) +
  rect(135, 46, 9, 34, { rx: 4.5, fill: P.metal }) +
  rect(70, 76, 100, 96, { rx: 16, fill: P.white, stroke: P.outline, 'stroke-width': 2 }) +
  rect(70, 150, 100, 8, { fill: accent }) +
  rect(104, 128, 32, 10, { rx: 5, fill: P.ink }) +
  cable('M120 172C120 202 164 190 176 214', accent);

const toolCharger: Drawing = (accent) =>
  cable('M44 164C20 164 20 202 46 208') +
  path('M40 176L200 176L186 118L54 118Z', { fill: P.body }) +
  rect(70, 98, 100, 26, { rx: 5, fill: P.bodyLight }) +
  path('M80 108h80', { stroke: P.body, 'stroke-width': 3 }) +
  rect(64, 140, 78, 12, { rx: 6, fill: accent }) +
  circle(160, 146, 5, { fill: P.led }) +
  circle(176, 146, 5, { fill: '#ff7043' });

const CELL_COLOURS = ['#1c2b4a', '#23395d', '#2f5da8', '#1b3a6b'] as const;

const solarPanel: Drawing = (accent, variant) => {
  const cell = CELL_COLOURS[variant % CELL_COLOURS.length] ?? CELL_COLOURS[0];
  const frame = variant % 2 ? P.ink : P.metal;
  const [cols, rows, x0, y0, gap] = [4, 6, 48, 30, 3];
  const w = (144 - gap * (cols - 1)) / cols;
  const h = (172 - gap * (rows - 1)) / rows;
  const cells = repeat(cols * rows, (i) => {
    const x = x0 + (i % cols) * (w + gap);
    const y = y0 + Math.floor(i / cols) * (h + gap);
    return (
      rect(x, y, w, h, { fill: cell }) +
      path(`M${x + w / 3} ${y}v${h}M${x + (2 * w) / 3} ${y}v${h}`, {
        stroke: '#8fa3c7',
        'stroke-width': 0.8,
        opacity: 0.6,
      })
    );
  });
  return (
    rect(40, 22, 160, 188, { rx: 4, fill: frame }) +
    cells +
    path('M48 30h70L48 120Z', { fill: P.white, opacity: 0.08 }) +
    rect(112, 210, 16, 8, { fill: accent })
  );
};

const inverter: Drawing = (accent) =>
  rect(56, 36, 128, 166, { rx: 10, fill: P.white, stroke: P.outline, 'stroke-width': 2 }) +
  path('M56 58V46a10 10 0 0 1 10-10h108a10 10 0 0 1 10 10v12Z', { fill: accent }) +
  rect(80, 78, 80, 46, { rx: 4, fill: P.ink }) +
  path('M88 101q8-16 16 0t16 0t16 0t16 0', {
    fill: 'none',
    stroke: P.led,
    'stroke-width': 2.5,
  }) +
  repeat(3, (i) => circle(104 + i * 16, 146, 4, { fill: i === 0 ? P.led : P.outline })) +
  repeat(4, (i) => rect(78 + i * 24, 202, 12, 12, { rx: 2, fill: P.ink }));

const controller: Drawing = (accent) =>
  rect(60, 64, 120, 120, { rx: 10, fill: accent }) +
  rect(78, 80, 84, 38, { rx: 4, fill: P.ink }) +
  label(120, 100, '14.2 V', 14, P.led) +
  rect(66, 142, 108, 30, { rx: 4, fill: P.shell }) +
  repeat(
    6,
    (i) =>
      circle(78 + i * 17, 157, 6, { fill: P.metal }) +
      path(`M${74 + i * 17} 157h8`, { stroke: P.ink, 'stroke-width': 2 }),
  );

const mounting: Drawing = (accent) =>
  path('M72 112v36h-18M168 112v36h18', {
    fill: 'none',
    stroke: P.ink,
    'stroke-width': 6,
    'stroke-linejoin': 'round',
  }) +
  rect(24, 84, 192, 16, { rx: 2, fill: P.metal }) +
  rect(24, 144, 192, 16, { rx: 2, fill: P.metal }) +
  path('M24 96h192M24 156h192', { stroke: P.bodyLight, 'stroke-width': 2 }) +
  repeat(2, (i) => rect(92 + i * 48, 76, 10, 32, { rx: 2, fill: P.ink })) +
  repeat(2, (i) => rect(92 + i * 48, 136, 10, 32, { rx: 2, fill: P.ink })) +
  rect(20, 82, 8, 20, { rx: 2, fill: accent }) +
  rect(212, 82, 8, 20, { rx: 2, fill: accent }) +
  rect(20, 142, 8, 20, { rx: 2, fill: accent }) +
  rect(212, 142, 8, 20, { rx: 2, fill: accent });

const powerStation: Drawing = (accent) =>
  path('M82 84V62a10 10 0 0 1 10-10h56a10 10 0 0 1 10 10v22', {
    fill: 'none',
    stroke: P.ink,
    'stroke-width': 10,
  }) +
  rect(36, 80, 168, 124, { rx: 14, fill: P.shell, stroke: P.outline, 'stroke-width': 2 }) +
  rect(48, 94, 144, 98, { rx: 8, fill: P.body }) +
  rect(58, 104, 56, 32, { rx: 3, fill: P.ink }) +
  rect(64, 112, 36, 16, { rx: 2, fill: 'none', stroke: P.led, 'stroke-width': 2 }) +
  rect(67, 115, 24, 10, { fill: P.led }) +
  rect(100, 117, 3, 6, { fill: P.led }) +
  repeat(2, (i) => rect(132 + i * 22, 110, 14, 8, { rx: 2, fill: P.ink })) +
  repeat(
    2,
    (i) =>
      circle(78 + i * 34, 164, 13, { fill: P.shell }) +
      rect(73 + i * 34, 160, 3, 8, { fill: P.ink }) +
      rect(81 + i * 34, 160, 3, 8, { fill: P.ink }),
  ) +
  circle(168, 164, 10, { fill: accent }) +
  path('M168 158v6', { stroke: P.white, 'stroke-width': 2.5, 'stroke-linecap': 'round' });

export const PRODUCT_DRAWINGS: Record<ProductImageKind, Drawing> = {
  'laptop-battery': laptopBattery,
  'phone-battery': phoneBattery,
  'tool-battery': toolBattery,
  'camera-battery': cameraBattery,
  'ebike-battery': ebikeBattery,
  charger,
  'phone-charger': phoneCharger,
  'tool-charger': toolCharger,
  'solar-panel': solarPanel,
  inverter,
  controller,
  mounting,
  'power-station': powerStation,
};
