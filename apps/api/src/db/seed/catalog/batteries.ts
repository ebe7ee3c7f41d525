import type { Locale } from '@portal/contract';
import {
  codeOf,
  compatibleReference,
  partNumbers,
  pickMaker,
  pickState,
  priceCents,
  spec,
  words,
} from './common';
import { standoutFeatures, type FeatureKey } from './features';
import {
  CAMERAS,
  COMPATIBLE_MAKERS,
  EBIKES,
  LAPTOPS,
  PHONES,
  TOOLS,
  type DeviceLine,
} from './lines';
import type { Random } from './random';
import { formatNumber, perLocale } from './text';
import type { LeafSpec, ProductDraft } from './types';

const BATTERY_FOR = words(
  'Battery for',
  'Batterie pour',
  'Batería para',
  'Akku für',
  'Accu voor',
  'Batteria per',
);
const EBIKE_BATTERY_FOR = words(
  'E-bike battery for',
  'Batterie de vélo électrique pour',
  'Batería de bicicleta eléctrica para',
  'E-Bike-Akku für',
  'E-bike-accu voor',
  'Batteria e-bike per',
);

const BATTERY_FEATURES: FeatureKey[] = [
  'gradeACells',
  'batteryProtection',
  'replaces',
  'certified',
  'cycles',
  'storageCharge',
];

function lineOf<T extends DeviceLine>(lines: Record<string, T>, leaf: LeafSpec): T {
  const line = leaf.brand ? lines[leaf.brand] : undefined;
  if (!line) throw new Error(`no device line for ${leaf.type} ${leaf.brand ?? ''}`);
  return line;
}

/** The fields every battery shares once its electrical values are known. */
interface BatteryParts {
  rng: Random;
  brand: string;
  compatibles: readonly string[];
  parts: string[];
  /** What the title names after 'Battery for': a device or an original pack. */
  target: string;
  /** The title's tail per locale, e.g. '11,1 V 5200 mAh'. */
  rating: (locale: Locale) => string;
  titleWords?: Record<Locale, string>;
  features?: FeatureKey[];
  cycles: number;
}

function battery(p: BatteryParts) {
  const { rng } = p;
  const { manufacturer, original } = pickMaker(rng, p.brand, p.compatibles);
  const parts = [...new Set(p.parts)];
  const [primary = p.brand, ...others] = parts;
  const titleWords = p.titleWords ?? BATTERY_FOR;
  return {
    manufacturer,
    original,
    state: pickState(rng, original),
    reference: original ? primary : compatibleReference(p.brand, primary),
    replacedModels: original ? (others.length ? others : [primary]) : parts,
    titles: perLocale((l) => `${titleWords[l]} ${p.brand} ${p.target} – ${p.rating(l)}`),
    standoutFeatures: standoutFeatures(rng, [...BATTERY_FEATURES, ...(p.features ?? [])], {
      ref: primary,
      cycles: p.cycles,
    }),
    warrantyMonths: rng.pick([12, 24, 24, 36]),
    skuCode: codeOf(p.brand),
  };
}

const withBrand = (brand: string, devices: string[]) => devices.map((d) => `${brand} ${d}`);

const LAPTOP_PACKS = [
  { volts: 10.8, series: 3, chemistry: 'Li-ion' },
  { volts: 11.1, series: 3, chemistry: 'Li-ion' },
  { volts: 14.4, series: 4, chemistry: 'Li-ion' },
  { volts: 14.8, series: 4, chemistry: 'Li-ion' },
  { volts: 7.6, series: 2, chemistry: 'Li-Po' },
  { volts: 11.4, series: 3, chemistry: 'Li-Po' },
  { volts: 15.2, series: 4, chemistry: 'Li-Po' },
];

function laptopBattery(rng: Random, leaf: LeafSpec): ProductDraft {
  const line = lineOf(LAPTOPS, leaf);
  const pack = rng.pick(LAPTOP_PACKS);
  // Cylindrical Li-ion packs hold 1–3 cells in parallel; polymer packs are one flat cell each.
  const parallel = pack.chemistry === 'Li-ion' ? rng.int(1, 3) : 1;
  const mAh =
    pack.chemistry === 'Li-ion' ? parallel * rng.pick([2200, 2600, 2900]) : rng.int(35, 80) * 100;
  const wh = Math.round((pack.volts * mAh) / 100) / 10;
  const device = rng.pick(line.devices);
  const common = battery({
    rng,
    brand: line.brand,
    compatibles: COMPATIBLE_MAKERS.laptop,
    parts: partNumbers(rng, line.parts, rng.int(1, 6)),
    target: device,
    rating: (l) => `${formatNumber(pack.volts, l)} V ${mAh} mAh`,
    cycles: 500,
  });
  return {
    ...common,
    specifications: [
      spec('voltage', `${pack.volts} V`),
      spec('capacity', `${mAh} mAh`),
      spec('energy', `${wh} Wh`),
      spec('chemistry', pack.chemistry),
      spec('cells', pack.series * parallel),
      spec('cycles', 500),
    ],
    priceCents: priceCents(18 + wh * 0.9 + rng.int(0, 15) + (common.original ? 25 : 0), 25, 120),
    weightGrams: Math.round(60 + wh * 5.2 + rng.int(0, 40)),
    box: [rng.int(70, 110), rng.int(25, 40), rng.int(220, 320)],
    suitableDevices: withBrand(line.brand, [
      device,
      ...rng.sample(
        line.devices.filter((d) => d !== device),
        rng.int(0, 9),
      ),
    ]),
    image: 'laptop-battery',
  };
}

function phoneBattery(rng: Random, leaf: LeafSpec): ProductDraft {
  const line = lineOf(PHONES, leaf);
  const volts = rng.pick([3.8, 3.82, 3.85, 3.87]);
  const mAh = rng.int(36, 100) * 50;
  const device = rng.pick(line.devices);
  const common = battery({
    rng,
    brand: line.brand,
    compatibles: COMPATIBLE_MAKERS.phone,
    parts: partNumbers(rng, line.parts, rng.int(1, 4)),
    target: device,
    rating: (l) => `${formatNumber(volts, l)} V ${mAh} mAh`,
    cycles: 800,
  });
  return {
    ...common,
    specifications: [
      spec('voltage', `${volts} V`),
      spec('capacity', `${mAh} mAh`),
      spec('energy', `${Math.round((volts * mAh) / 100) / 10} Wh`),
      spec('chemistry', 'Li-Po'),
      spec('cells', 1),
      spec('connector', 'FPC'),
    ],
    priceCents: priceCents(6 + mAh / 280 + rng.int(0, 8) + (common.original ? 6 : 0), 8, 30),
    weightGrams: rng.int(35, 80),
    box: [rng.int(80, 100), rng.int(10, 16), rng.int(140, 170)],
    suitableDevices: withBrand(line.brand, [
      device,
      ...rng.sample(
        line.devices.filter((d) => d !== device),
        rng.int(0, 3),
      ),
    ]),
    image: 'phone-battery',
  };
}

function toolBattery(rng: Random, leaf: LeafSpec): ProductDraft {
  const line = lineOf(TOOLS, leaf);
  const ah = rng.pick([2.0, 3.0, 4.0, 5.0, 5.0, 6.0, 8.0, 9.0]);
  const wh = 18 * ah;
  const pack = rng.pick(line.packs);
  const common = battery({
    rng,
    brand: line.brand,
    compatibles: COMPATIBLE_MAKERS.tool,
    parts: [pack, ...partNumbers(rng, line.parts, rng.int(0, 5))],
    target: pack,
    rating: (l) => `18 V ${formatNumber(ah, l, 1)} Ah`,
    features: ['ledGauge'],
    cycles: 1000,
  });
  return {
    ...common,
    specifications: [
      spec('voltage', '18 V'),
      spec('capacity', `${ah.toFixed(1)} Ah`),
      spec('energy', `${wh} Wh`),
      spec('chemistry', 'Li-ion'),
      spec('cells', 5 * Math.ceil(ah / 3)),
      spec('cycles', 1000),
    ],
    priceCents: priceCents(22 + wh * 1.05 + rng.int(0, 20) + (common.original ? 30 : 0), 35, 180),
    weightGrams: Math.round(260 + ah * 115 + rng.int(0, 60)),
    box: [rng.int(75, 90), rng.int(65, 95), rng.int(110, 140)],
    suitableDevices: withBrand(line.brand, rng.sample(line.devices, rng.int(1, 10))),
    image: 'tool-battery',
  };
}

function cameraBattery(rng: Random, leaf: LeafSpec): ProductDraft {
  const line = lineOf(CAMERAS, leaf);
  const mAh = rng.int(100, 240) * 10;
  const pack = rng.pick(line.packs);
  const common = battery({
    rng,
    brand: line.brand,
    compatibles: COMPATIBLE_MAKERS.camera,
    parts: [pack, ...partNumbers(rng, line.parts, rng.int(0, 3))],
    target: pack,
    rating: (l) => `${formatNumber(line.voltage, l, 1)} V ${mAh} mAh`,
    cycles: 500,
  });
  return {
    ...common,
    specifications: [
      spec('voltage', `${line.voltage.toFixed(1)} V`),
      spec('capacity', `${mAh} mAh`),
      spec('energy', `${Math.round((line.voltage * mAh) / 100) / 10} Wh`),
      spec('chemistry', 'Li-ion'),
      spec('cells', 2),
    ],
    priceCents: priceCents(6 + mAh / 70 + rng.int(0, 6) + (common.original ? 20 : 0), 10, 60),
    weightGrams: rng.int(40, 95),
    box: [rng.int(45, 60), rng.int(20, 30), rng.int(70, 90)],
    suitableDevices: withBrand(line.brand, rng.sample(line.devices, rng.int(1, 8))),
    image: 'camera-battery',
  };
}

function ebikeBattery(rng: Random, leaf: LeafSpec): ProductDraft {
  const line = lineOf(EBIKES, leaf);
  const pack = rng.pick(line.packs);
  const ah = Math.round((pack.wh / 36) * 10) / 10;
  const common = battery({
    rng,
    brand: line.brand,
    compatibles: COMPATIBLE_MAKERS.ebike,
    parts: [pack.name, ...partNumbers(rng, line.parts, rng.int(0, 4))],
    target: pack.name,
    rating: (l) => `36 V ${formatNumber(ah, l, 1)} Ah ${pack.wh} Wh`,
    titleWords: EBIKE_BATTERY_FOR,
    features: ['lockable', 'ledGauge'],
    cycles: 1000,
  });
  return {
    ...common,
    specifications: [
      spec('voltage', '36 V'),
      spec('capacity', `${ah.toFixed(1)} Ah`),
      spec('energy', `${pack.wh} Wh`),
      spec('chemistry', 'Li-ion'),
      spec('cells', pack.wh > 600 ? 50 : 40),
      spec('connector', line.connector),
      spec('cycles', 1000),
    ],
    priceCents: priceCents(
      140 + pack.wh * 0.85 + rng.int(0, 90) + (common.original ? 120 : 0),
      250,
      900,
    ),
    weightGrams: Math.round(pack.wh * 5.4 + rng.int(0, 400)),
    box: [rng.int(120, 150), rng.int(100, 130), rng.int(380, 460)],
    suitableDevices: rng.sample(line.devices, rng.int(1, 7)),
    image: 'ebike-battery',
  };
}

export const BATTERY_BUILDERS = {
  'laptop-battery': laptopBattery,
  'phone-battery': phoneBattery,
  'tool-battery': toolBattery,
  'camera-battery': cameraBattery,
  'ebike-battery': ebikeBattery,
};
