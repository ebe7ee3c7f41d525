import type { Locale } from '@portal/contract';
import { partNumbers, pickState, priceCents, spec, words } from './common';
import { standoutFeatures, type FeatureKey } from './features';
import type { Random } from './random';
import { formatNumber, perLocale } from './text';
import type { LeafSpec, ProductDraft } from './types';

interface InverterLine {
  manufacturer: string;
  model: (kw: number, phases: 1 | 3) => string;
  parts: string[];
}

const STRING_LINES: InverterLine[] = [
  {
    manufacturer: 'SMA',
    model: (kw, ph) =>
      ph === 1 ? `Sunny Boy ${kw.toFixed(1)}` : `Sunny Tripower ${kw.toFixed(1)}`,
    parts: ['SB#.#-1AV-4#', 'STP#.0-3AV-40'],
  },
  {
    manufacturer: 'Fronius',
    model: (kw, ph) => (ph === 1 ? `Primo ${kw.toFixed(1)}-1` : `Symo ${kw.toFixed(1)}-3-M`),
    parts: ['4,210,0##', '4,210,1##'],
  },
  {
    manufacturer: 'Huawei',
    model: (kw, ph) => `SUN2000-${kw}KTL-${ph === 1 ? 'L1' : 'M1'}`,
    parts: ['SUN2000-#KTL-L0', 'SUN2000-##KTL-M0'],
  },
  {
    manufacturer: 'SolarEdge',
    model: (kw, ph) => (ph === 1 ? `SE${kw * 1000}H` : `SE${kw}K`),
    parts: ['SE####H-RW0000BNN4', 'SE##K-RW0T0BNN4'],
  },
  {
    manufacturer: 'Growatt',
    model: (kw, ph) => (ph === 1 ? `MIN ${kw * 1000}TL-X` : `MOD ${kw}KTL3-X`),
    parts: ['MIN ####TL-XE', 'MID ##KTL3-X'],
  },
];
const HYBRID_LINES: InverterLine[] = [
  {
    manufacturer: 'Fronius',
    model: (kw, ph) => `${ph === 1 ? 'Primo' : 'Symo'} GEN24 ${kw.toFixed(1)} Plus`,
    parts: ['4,210,##0', '4,240,0##'],
  },
  {
    manufacturer: 'Huawei',
    model: (kw, ph) => `SUN2000-${kw}KTL-${ph === 1 ? 'L1' : 'M1'} Hybrid`,
    parts: ['SUN2000-#KTL-L1', 'SUN2000-##KTL-M1'],
  },
  {
    manufacturer: 'SMA',
    model: (kw, ph) =>
      ph === 1 ? `Sunny Boy Smart Energy ${kw.toFixed(1)}` : `Sunny Tripower Smart Energy ${kw}.0`,
    parts: ['SBSE#.#-1AV-10', 'STP#.0-3SE-40'],
  },
  {
    manufacturer: 'Growatt',
    model: (kw, ph) => `SPH ${kw * 1000}TL${ph === 1 ? ' BL-UP' : '3 BH-UP'}`,
    parts: ['SPH ####TL BL-UP', 'SPA ####TL BL'],
  },
  {
    manufacturer: 'Victron',
    model: (kw) => `MultiPlus-II 48/${kw <= 5 ? '5000/70-50' : '10000/140-100'}`,
    parts: ['PMP48#####0', 'PMP48#2#0#0'],
  },
];
const MICRO_MODELS = [
  {
    manufacturer: 'Enphase',
    model: 'IQ8M-72-2-INT',
    watts: 330,
    parts: ['IQ7@-72-2-INT', 'IQ7PLUS-72-2-INT'],
  },
  {
    manufacturer: 'Enphase',
    model: 'IQ8P-72-2-INT',
    watts: 475,
    parts: ['IQ7@-72-2-INT', 'IQ7X-96-2-INT'],
  },
  { manufacturer: 'Hoymiles', model: 'HMS-800-2T', watts: 800, parts: ['HM-#00', 'HMS-#00-2T'] },
  {
    manufacturer: 'Hoymiles',
    model: 'HMS-1600-4T',
    watts: 1600,
    parts: ['HM-1500', 'HMS-#000-4T'],
  },
  { manufacturer: 'APsystems', model: 'EZ1-M', watts: 800, parts: ['YC600', 'DS3-@'] },
  { manufacturer: 'APsystems', model: 'DS3-H', watts: 960, parts: ['DS3-L', 'QS1'] },
];
const STORAGE = [
  'BYD Battery-Box Premium HVS 7.7',
  'Huawei LUNA2000-10-S0',
  'Pylontech US5000',
  'Fronius Reserva 9.5',
  'SMA Home Storage 9.8',
  'Victron Lithium 25.6V 200Ah',
];
const PANEL_MODELS = [
  'JA Solar JAM54S30',
  'LONGi Hi-MO 6',
  'Trina Vertex S',
  'Jinko Tiger Neo',
  'Canadian Solar HiKu6',
  'Aiko Neostar 2P',
];

const INVERTER_WORDS: Record<string, Record<Locale, string>> = {
  string: words(
    'String inverter',
    'Onduleur string',
    'Inversor string',
    'String-Wechselrichter',
    'String-omvormer',
    'Inverter di stringa',
  ),
  hybrid: words(
    'Hybrid inverter',
    'Onduleur hybride',
    'Inversor híbrido',
    'Hybrid-Wechselrichter',
    'Hybride omvormer',
    'Inverter ibrido',
  ),
  micro: words(
    'Microinverter',
    'Micro-onduleur',
    'Microinversor',
    'Mikrowechselrichter',
    'Micro-omvormer',
    'Microinverter',
  ),
};
const PHASES: Record<1 | 3, Record<Locale, string>> = {
  1: words('single-phase', 'monophasé', 'monofásico', '1-phasig', '1-fase', 'monofase'),
  3: words('three-phase', 'triphasé', 'trifásico', '3-phasig', '3-fase', 'trifase'),
};

function inverter(rng: Random, leaf: LeafSpec): ProductDraft {
  const variant = leaf.variant ?? 'string';
  const title = INVERTER_WORDS[variant];
  if (!title) throw new Error(`no inverter family ${variant}`);
  const efficiency = rng.real(96.5, 98.6, 0.1);
  const features: FeatureKey[] = ['maxEfficiency', 'monitoring', 'ip65', 'gridCode'];
  if (variant === 'micro') {
    const micro = rng.pick(MICRO_MODELS);
    return {
      reference: micro.model,
      titles: perLocale(
        (l) => `${title[l]} ${micro.watts} W – ${micro.manufacturer} ${micro.model}`,
      ),
      standoutFeatures: standoutFeatures(rng, features, { eff: efficiency }),
      specifications: [
        spec('power', `${micro.watts} W`),
        spec('efficiency', `${efficiency.toFixed(1)} %`),
        spec('phases', 1),
        spec('mppt_trackers', Math.max(1, Math.round(micro.watts / 400))),
        spec('output', '230 V ~ 50 Hz'),
        spec('ip_rating', 'IP67'),
      ],
      manufacturer: micro.manufacturer,
      state: pickState(rng, true),
      priceCents: priceCents(70 + micro.watts * 0.2 + rng.int(0, 40), 200, 2500),
      weightGrams: rng.int(1400, 3800),
      box: [rng.int(180, 260), rng.int(50, 70), rng.int(220, 300)],
      warrantyMonths: rng.pick([120, 144, 300]),
      replacedModels: partNumbers(rng, micro.parts, rng.int(1, 3)),
      suitableDevices: rng.sample(PANEL_MODELS, rng.int(1, 6)),
      image: 'inverter',
      skuCode: 'MC',
    };
  }
  const hybrid = variant === 'hybrid';
  const line = rng.pick(hybrid ? HYBRID_LINES : STRING_LINES);
  const phases: 1 | 3 = rng.chance(0.5) ? 1 : 3;
  const kw = rng.pick(phases === 1 ? [3, 3.6, 4, 5, 6] : [5, 6, 8, 10, 12, 15]);
  const model = line.model(kw, phases);
  const trackers = kw >= 8 ? rng.int(2, 3) : rng.int(1, 2);
  return {
    reference: model,
    titles: perLocale(
      (l) =>
        `${title[l]} ${formatNumber(kw, l)} kW ${PHASES[phases][l]} – ${line.manufacturer} ${model}`,
    ),
    standoutFeatures: standoutFeatures(
      rng,
      [...features, 'trackers', ...(hybrid ? (['batteryReady'] as const) : [])],
      {
        eff: efficiency,
        trackers,
      },
    ),
    specifications: [
      spec('power', `${kw} kW`),
      spec('efficiency', `${efficiency.toFixed(1)} %`),
      spec('phases', phases),
      spec('mppt_trackers', trackers),
      spec('voltage', phases === 1 ? '80–560 V DC' : '160–800 V DC'),
      spec('output', phases === 1 ? '230 V ~ 50 Hz' : '400 V 3~ 50 Hz'),
      spec('ip_rating', rng.pick(['IP65', 'IP66'])),
    ],
    manufacturer: line.manufacturer,
    state: pickState(rng, true),
    priceCents: priceCents(
      (hybrid ? 420 : 220) + kw * (hybrid ? 170 : 130) + rng.int(0, 150),
      200,
      2500,
    ),
    weightGrams: Math.round((hybrid ? 17_000 : 9_000) + kw * 800 + rng.int(0, 2000)),
    box: [rng.int(420, 520), rng.int(200, 280), rng.int(560, 700)],
    warrantyMonths: rng.pick([60, 60, 120]),
    replacedModels: partNumbers(rng, line.parts, rng.int(1, 4)),
    suitableDevices: rng.sample(hybrid ? STORAGE : PANEL_MODELS, rng.int(1, 6)),
    image: 'inverter',
    skuCode: hybrid ? 'HY' : 'ST',
  };
}

export const INVERTER_BUILDERS = { inverter };
