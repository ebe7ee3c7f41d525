import type { Locale } from '@portal/contract';
import { partNumbers, pickState, priceCents, spec, words } from './common';
import { standoutFeatures, type FeatureKey } from './features';
import type { Random } from './random';
import { perLocale } from './text';
import type { LeafSpec, ProductDraft } from './types';

interface ControllerLine {
  manufacturer: string;
  model: (amps: number) => string;
  amps: number[];
  pvVolts: number;
  parts: string[];
}

const CONTROLLERS: Record<string, ControllerLine[]> = {
  pwm: [
    {
      manufacturer: 'Victron',
      model: (a) => `BlueSolar PWM-Light 12/24V-${a}A`,
      amps: [5, 10, 20, 30],
      pvVolts: 28,
      parts: ['SCC01#0#0#0'],
    },
    {
      manufacturer: 'EPEVER',
      model: (a) => `LandStar LS${a}24EU`,
      amps: [10, 20, 30],
      pvVolts: 50,
      parts: ['LS##24E', 'VS##24AU'],
    },
    {
      manufacturer: 'Renogy',
      model: (a) => `Wanderer ${a}A`,
      amps: [10, 30],
      pvVolts: 25,
      parts: ['RNG-CTRL-WND##'],
    },
  ],
  mppt: [
    {
      manufacturer: 'Victron',
      model: (a) => `SmartSolar MPPT 100/${a}`,
      amps: [15, 20, 30, 50],
      pvVolts: 100,
      parts: ['SCC1100##0##0', 'SCC0100##0##0'],
    },
    {
      manufacturer: 'Victron',
      model: (a) => `SmartSolar MPPT 150/${a}`,
      amps: [35, 45, 60, 70, 100],
      pvVolts: 150,
      parts: ['SCC1150##0##0'],
    },
    {
      manufacturer: 'EPEVER',
      model: (a) => `Tracer ${a / 10}215AN`,
      amps: [20, 30, 40],
      pvVolts: 150,
      parts: ['Tracer#215BN', 'Tracer#210A'],
    },
    {
      manufacturer: 'Renogy',
      model: (a) => `Rover ${a}A`,
      amps: [20, 40, 60],
      pvVolts: 100,
      parts: ['RNG-CTRL-RVR##'],
    },
  ],
};

const CONTROLLER_WORDS: Record<string, Record<Locale, string>> = {
  pwm: words(
    'PWM charge controller',
    'Régulateur de charge PWM',
    'Regulador de carga PWM',
    'PWM-Laderegler',
    'PWM-laadregelaar',
    'Regolatore di carica PWM',
  ),
  mppt: words(
    'MPPT charge controller',
    'Régulateur de charge MPPT',
    'Regulador de carga MPPT',
    'MPPT-Laderegler',
    'MPPT-laadregelaar',
    'Regolatore di carica MPPT',
  ),
};

const OFF_GRID_BATTERIES = [
  'Victron Lithium SuperPack 12.8V 100Ah',
  'Pylontech US2000C',
  'Varta Professional DC AGM 12V 115Ah',
  'Offgridtec LiFePO4 12V 150Ah',
  'Renogy Smart Lithium 12V 100Ah',
  'Exide Equipment Gel ES1300',
];

function controller(rng: Random, leaf: LeafSpec): ProductDraft {
  const variant = leaf.variant ?? 'mppt';
  const lines = CONTROLLERS[variant];
  const title = CONTROLLER_WORDS[variant];
  if (!lines || !title) throw new Error(`no charge controller family ${variant}`);
  const mppt = variant === 'mppt';
  const line = rng.pick(lines);
  const amps = rng.pick(line.amps);
  const model = line.model(amps);
  const system = amps >= 50 ? '12/24/48 V' : '12/24 V';
  const features: FeatureKey[] = [
    'autoDetect',
    'chargeProfiles',
    'polarity',
    ...(mppt ? (['mpptFast', 'bluetooth'] as const) : []),
  ];
  return {
    reference: model,
    titles: perLocale((l) => `${title[l]} ${system} ${amps} A – ${line.manufacturer} ${model}`),
    standoutFeatures: standoutFeatures(rng, features),
    specifications: [
      spec('current', `${amps} A`),
      spec('voltage', system),
      spec('pv_voltage', `${line.pvVolts} V`),
      ...(mppt ? [spec('efficiency', `${rng.int(97, 99)} %`)] : []),
      spec('ip_rating', rng.pick(['IP20', 'IP43', 'IP65'])),
    ],
    manufacturer: line.manufacturer,
    state: pickState(rng, true),
    priceCents: mppt
      ? priceCents(40 + amps * 5.5 + rng.int(0, 30), 60, 900)
      : priceCents(10 + amps * 1.4 + rng.int(0, 10), 15, 90),
    weightGrams: mppt ? Math.round(400 + amps * 40) : rng.int(150, 400),
    box: [rng.int(100, 220), rng.int(50, 90), rng.int(130, 260)],
    warrantyMonths: rng.pick([24, 36, 60]),
    replacedModels: partNumbers(rng, line.parts, rng.int(1, 3)),
    suitableDevices: rng.sample(OFF_GRID_BATTERIES, rng.int(1, 6)),
    image: 'controller',
    skuCode: variant.slice(0, 2).toUpperCase(),
  };
}

const MOUNTINGS = {
  roof: {
    lines: [
      { manufacturer: 'K2 Systems', model: 'SingleRail 36', parts: ['2002###', '1005###'] },
      { manufacturer: 'Schletter', model: 'Rapid 2+', parts: ['1290##-###'] },
      { manufacturer: 'Renusol', model: 'MetaSole+', parts: ['9000##'] },
      { manufacturer: 'Clenergy', model: 'PV-ezRack SolarRoof', parts: ['ER-R-ECO###'] },
    ],
    panels: [2, 4, 6, 8, 10, 12],
    tilt: '10–60°',
    title: (n: number) =>
      words(
        `Roof mounting kit for ${n} solar panels`,
        `Kit de fixation toiture pour ${n} panneaux solaires`,
        `Kit de montaje en tejado para ${n} paneles solares`,
        `Dachmontageset für ${n} Solarmodule`,
        `Dakmontageset voor ${n} zonnepanelen`,
        `Kit di montaggio su tetto per ${n} pannelli solari`,
      ),
  },
  ground: {
    lines: [
      { manufacturer: 'Schletter', model: 'FS Uno', parts: ['1290##-###'] },
      { manufacturer: 'K2 Systems', model: 'TiltUp Vento', parts: ['2003###'] },
      { manufacturer: 'Van der Valk', model: 'ValkBox 3', parts: ['7###'] },
      { manufacturer: 'Clenergy', model: 'PV-ezRack SolarTerrace', parts: ['ER-GM-ST###'] },
    ],
    panels: [4, 6, 8, 12, 16, 20, 24],
    tilt: '15–35°',
    title: (n: number) =>
      words(
        `Ground mounting frame for ${n} solar panels`,
        `Structure au sol pour ${n} panneaux solaires`,
        `Estructura de suelo para ${n} paneles solares`,
        `Bodengestell für ${n} Solarmodule`,
        `Grondframe voor ${n} zonnepanelen`,
        `Struttura a terra per ${n} pannelli solari`,
      ),
  },
};

const FRAMED_PANELS = [
  'JA Solar JAM54S30',
  'LONGi Hi-MO 6',
  'Trina Vertex S',
  'Jinko Tiger Neo',
  'Canadian Solar HiKu6',
  'Aiko Neostar 2P',
  'Canadian Solar CS6K',
];

function mounting(rng: Random, leaf: LeafSpec): ProductDraft {
  const ground = leaf.variant === 'ground';
  const family = ground ? MOUNTINGS.ground : MOUNTINGS.roof;
  const line = rng.pick(family.lines);
  const panels = rng.pick(family.panels);
  const titles = family.title(panels);
  return {
    reference: `${line.model.replace(/\W+/g, '').toUpperCase().slice(0, 8)}-${String(panels).padStart(2, '0')}`,
    titles: perLocale((l) => `${titles[l]} – ${line.manufacturer} ${line.model}`),
    standoutFeatures: standoutFeatures(rng, ['preassembled', 'corrosion', 'statics', 'frameFit']),
    specifications: [
      spec('panels', panels),
      spec('rail_length', `${Math.min(panels, 6) * 1140 + 100} mm`),
      spec('material', 'EN AW-6063 T66 / A2-70'),
      spec('tilt', family.tilt),
    ],
    manufacturer: line.manufacturer,
    state: 'new',
    priceCents: priceCents(
      (ground ? 80 : 40) + panels * (ground ? 38 : 24) + rng.int(0, 30),
      40,
      1200,
    ),
    weightGrams: panels * (ground ? 5200 : 2400) + rng.int(0, 1500),
    box: [rng.int(200, 400), rng.int(150, 300), Math.min(panels, 6) * 1140 + 200],
    warrantyMonths: rng.pick([120, 144, 240]),
    replacedModels: partNumbers(rng, line.parts, rng.int(1, 3)),
    suitableDevices: rng.sample(FRAMED_PANELS, rng.int(1, 7)),
    image: 'mounting',
    skuCode: ground ? 'GR' : 'RF',
  };
}

export const SOLAR_ACCESSORY_BUILDERS = { controller, mounting };
