import type { Locale } from '@portal/contract';
import { pickState, priceCents, spec, words } from './common';
import { standoutFeatures } from './features';
import type { Random } from './random';
import { perLocale } from './text';
import type { LeafSpec, ProductDraft } from './types';

interface Station {
  manufacturer: string;
  model: string;
  wh: number;
  watts: number;
  solar: number;
  grams: number;
}

const station = (
  manufacturer: string,
  model: string,
  wh: number,
  watts: number,
  solar: number,
  grams: number,
): Station => ({ manufacturer, model, wh, watts, solar, grams });

/** Real models grouped by the capacity bands of the category tree. */
const STATIONS: Record<string, Station[]> = {
  small: [
    station('EcoFlow', 'RIVER 2', 256, 300, 110, 3500),
    station('Bluetti', 'EB3A', 268, 600, 200, 4600),
    station('Jackery', 'Explorer 300 Plus', 288, 300, 100, 3750),
    station('Jackery', 'Explorer 240 v2', 256, 300, 100, 3600),
    station('Anker SOLIX', 'C300 DC', 288, 300, 100, 4100),
  ],
  medium: [
    station('EcoFlow', 'RIVER 2 Max', 512, 500, 220, 6100),
    station('EcoFlow', 'RIVER 2 Pro', 768, 800, 220, 7800),
    station('EcoFlow', 'DELTA 2', 1024, 1800, 500, 12_000),
    station('Bluetti', 'EB70S', 716, 800, 200, 9700),
    station('Bluetti', 'AC180', 1152, 1800, 500, 16_000),
    station('Jackery', 'Explorer 1000 Plus', 1264, 2000, 800, 14_500),
    station('Anker SOLIX', 'C800 Plus', 768, 1200, 300, 10_900),
    station('Zendure', 'SuperBase V600', 1200, 1800, 800, 17_000),
  ],
  large: [
    station('EcoFlow', 'DELTA 2 Max', 2048, 2400, 1000, 23_000),
    station('EcoFlow', 'DELTA Pro', 3600, 3600, 1600, 45_000),
    station('Bluetti', 'AC200MAX', 2048, 2200, 900, 28_100),
    station('Bluetti', 'AC300 + B300', 3072, 3000, 2400, 59_000),
    station('Jackery', 'Explorer 2000 Pro', 2160, 2200, 1400, 19_500),
    station('Anker SOLIX', 'F2000', 2048, 2400, 1000, 30_500),
    station('Zendure', 'SuperBase Pro 2000', 2096, 2000, 1600, 21_000),
  ],
};

/** Accessories and predecessors per brand: suitable devices and replaced models. */
const RANGE: Record<string, { accessories: string[]; predecessors: string[] }> = {
  EcoFlow: {
    accessories: [
      '220W Bifacial Portable Solar Panel',
      'DELTA 2 Smart Extra Battery',
      'Smart Generator (Dual Fuel)',
      '400W Portable Solar Panel',
    ],
    predecessors: ['RIVER Pro', 'RIVER 600', 'DELTA 1300', 'DELTA Max'],
  },
  Bluetti: {
    accessories: [
      'PV200 Solar Panel',
      'PV350 Solar Panel',
      'B230 Expansion Battery',
      'B80 Expansion Battery',
    ],
    predecessors: ['EB55', 'EB150', 'AC200P'],
  },
  Jackery: {
    accessories: ['SolarSaga 100W', 'SolarSaga 200W', 'Explorer 1000 Plus Battery Pack'],
    predecessors: ['Explorer 300', 'Explorer 1000', 'Explorer 1500'],
  },
  'Anker SOLIX': {
    accessories: ['PS100 Solar Panel', 'PS400 Solar Panel', 'BP1000 Expansion Battery'],
    predecessors: ['PowerHouse 555', 'PowerHouse 757', 'PowerHouse 767'],
  },
  Zendure: {
    accessories: ['200W Portable Solar Panel', 'SuperBase Pro Satellite Battery'],
    predecessors: ['SuperBase Pro 1500', 'SuperTank Pro'],
  },
};

const STATION_WORDS = words(
  'Portable power station',
  'Station électrique portable',
  'Estación de energía portátil',
  'Tragbare Powerstation',
  'Draagbaar powerstation',
  'Stazione di alimentazione portatile',
);
const WITH_PANEL = (watts: number): Record<Locale, string> =>
  words(
    `with ${watts} W solar panel`,
    `avec panneau solaire ${watts} W`,
    `con panel solar de ${watts} W`,
    `mit ${watts}-W-Solarmodul`,
    `met zonnepaneel van ${watts} W`,
    `con pannello solare da ${watts} W`,
  );

function powerStation(rng: Random, leaf: LeafSpec): ProductDraft {
  const models = STATIONS[leaf.variant ?? 'medium'];
  if (!models) throw new Error(`no power station band ${leaf.variant ?? ''}`);
  const model = rng.pick(models);
  const range = RANGE[model.manufacturer] ?? { accessories: [], predecessors: [model.model] };
  // One in four is sold as a bundle with a folding panel the station can take.
  const panel = rng.chance(0.25) ? Math.min(model.solar, rng.pick([100, 200, 220, 400])) : 0;
  const bundle = panel ? WITH_PANEL(panel) : undefined;
  const cycles = rng.pick([3000, 3500, 4000]);
  const acOutlets = model.watts >= 1500 ? rng.int(4, 6) : rng.int(1, 3);
  const state = pickState(rng, true);
  return {
    reference: `${model.manufacturer.split(' ')[0]?.toUpperCase()}-${model.model.replace(/\W+/g, '')}${panel ? `-S${panel}` : ''}`,
    titles: perLocale(
      (l) =>
        `${STATION_WORDS[l]} ${model.wh} Wh ${model.watts} W – ${model.manufacturer} ${model.model}${bundle ? ` ${bundle[l]}` : ''}`,
    ),
    standoutFeatures: standoutFeatures(
      rng,
      ['lifepo4', 'pureSine', 'solarInput', 'ups', 'appControl'],
      {
        cycles,
        solar: model.solar,
      },
    ),
    specifications: [
      spec('energy', `${model.wh} Wh`),
      spec('power', `${model.watts} W`),
      spec('chemistry', 'LiFePO4'),
      spec('cycles', cycles),
      spec('output', `${acOutlets} × AC 230 V, ${rng.int(1, 4)} × USB-C, ${rng.int(1, 4)} × USB-A`),
      spec('input', `AC ${Math.round(model.watts * 0.6)} W / PV ${model.solar} W`),
      spec(
        'charge_time',
        `${Math.max(0.8, Math.round((model.wh / (model.watts * 0.6)) * 10) / 10)} h`,
      ),
    ],
    manufacturer: model.manufacturer,
    state,
    priceCents: priceCents(
      (180 + model.wh * 0.75 + panel * 0.9 + rng.int(0, 60)) * (state === 'refurbished' ? 0.8 : 1),
      300,
      3000,
    ),
    weightGrams: model.grams + (panel ? panel * 40 : 0),
    box: [rng.int(250, 420), rng.int(220, 400), rng.int(320, 600)],
    warrantyMonths: rng.pick([24, 36, 60]),
    replacedModels: rng.sample(range.predecessors, rng.int(1, 3)),
    suitableDevices: rng
      .sample(range.accessories, rng.int(1, 4))
      .map((a) => `${model.manufacturer} ${a}`),
    image: 'power-station',
    skuCode: (leaf.variant ?? 'md').slice(0, 2).toUpperCase(),
  };
}

export const POWER_STATION_BUILDERS = { 'power-station': powerStation };
