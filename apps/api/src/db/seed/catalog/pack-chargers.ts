import {
  CHARGER_FOR,
  EBIKE_CHARGER_FOR,
  FAST_CHARGER_FOR,
  MAINS_INPUT,
  charger,
} from './charger-common';
import { priceCents, spec } from './common';
import { CAMERAS, COMPATIBLE_MAKERS, EBIKES, TOOLS } from './lines';
import type { Random } from './random';
import { formatNumber, perLocale } from './text';
import type { LeafSpec, ProductDraft } from './types';

function toolCharger(rng: Random, leaf: LeafSpec): ProductDraft {
  const line = TOOLS[leaf.brand ?? ''];
  if (!line) throw new Error(`no tool line for ${leaf.brand ?? ''}`);
  const amps = rng.pick([3, 4, 6, 8]);
  const pack = rng.pick(line.packs);
  const common = charger({
    rng,
    brand: line.brand,
    compatibles: COMPATIBLE_MAKERS.tool,
    parts: rng.sample(line.chargers, rng.int(1, line.chargers.length)),
    titles: perLocale(
      (l) =>
        `${FAST_CHARGER_FOR[l]} ${line.brand} ${pack} – ${formatNumber(14.4, l)}–18 V ${amps} A`,
    ),
    specifications: [
      spec('voltage', '14.4–18 V'),
      spec('current', `${amps} A`),
      spec('input', '220–240 V ~ 50 Hz'),
      spec('charge_time', `${Math.round((5 / amps) * 66)} min (5.0 Ah)`),
    ],
    features: ['replacesCharger'],
  });
  return {
    ...common,
    priceCents: priceCents(15 + amps * 6 + rng.int(0, 12) + (common.original ? 20 : 0), 25, 90),
    weightGrams: rng.int(450, 1000),
    box: [rng.int(110, 140), rng.int(80, 110), rng.int(180, 230)],
    suitableDevices: rng
      .sample(line.packs, rng.int(1, line.packs.length))
      .map((p) => `${line.brand} ${p}`),
    image: 'tool-charger',
  };
}

function cameraCharger(rng: Random): ProductDraft {
  const line = rng.pick(Object.values(CAMERAS));
  const pack = rng.pick(line.packs);
  const usb = rng.chance(0.5);
  const common = charger({
    rng,
    brand: line.brand,
    compatibles: COMPATIBLE_MAKERS.camera,
    originalShare: 0.15,
    parts: rng.sample(line.chargers, rng.int(1, line.chargers.length)),
    titles: perLocale((l) => `${CHARGER_FOR[l]} ${line.brand} ${pack} – ${formatNumber(8.4, l)} V`),
    specifications: [
      spec('output', `8.4 V DC ${rng.pick(['0.8', '1.0', '1.2'])} A`),
      spec('input', usb ? '5 V DC 2 A' : MAINS_INPUT),
      spec('connector', usb ? 'USB-C' : 'EU'),
    ],
    features: ['replacesCharger'],
  });
  return {
    ...common,
    priceCents: priceCents(6 + rng.int(0, 14) + (common.original ? 15 : 0), 8, 40),
    weightGrams: rng.int(60, 140),
    box: [rng.int(60, 80), rng.int(30, 40), rng.int(90, 120)],
    suitableDevices: [
      `${line.brand} ${pack}`,
      ...rng.sample(line.devices, rng.int(0, 8)).map((d) => `${line.brand} ${d}`),
    ],
    image: 'tool-charger',
  };
}

function ebikeCharger(rng: Random): ProductDraft {
  const line = rng.pick(Object.values(EBIKES));
  const pack = rng.pick(line.packs);
  const amps = rng.pick([2, 4, 4, 6]);
  const common = charger({
    rng,
    brand: line.brand,
    compatibles: COMPATIBLE_MAKERS.ebike,
    parts: rng.sample(line.chargers, rng.int(1, line.chargers.length)),
    titles: perLocale((l) => `${EBIKE_CHARGER_FOR[l]} ${line.brand} ${pack.name} – 42 V ${amps} A`),
    specifications: [
      spec('output', `42 V DC ${amps} A`),
      spec('power', `${42 * amps} W`),
      spec('input', MAINS_INPUT),
      spec('connector', line.connector),
      spec('charge_time', `${((pack.wh / 36 / amps) * 1.2).toFixed(1)} h`),
    ],
    features: ['replacesCharger'],
  });
  return {
    ...common,
    priceCents: priceCents(30 + amps * 14 + rng.int(0, 25) + (common.original ? 35 : 0), 45, 160),
    weightGrams: rng.int(600, 1200),
    box: [rng.int(90, 120), rng.int(60, 80), rng.int(180, 240)],
    suitableDevices: [pack.name, ...rng.sample(line.devices, rng.int(0, 8))].map((d) =>
      d === pack.name ? `${line.brand} ${d}` : d,
    ),
    image: 'charger',
  };
}

export const PACK_CHARGER_BUILDERS = {
  'tool-charger': toolCharger,
  'camera-charger': cameraCharger,
  'ebike-charger': ebikeCharger,
};
