import type { Locale } from '@portal/contract';
import { pickState, priceCents, spec, words } from './common';
import { standoutFeatures, type FeatureKey } from './features';
import type { Random } from './random';
import { perLocale } from './text';
import type { LeafSpec, ProductDraft } from './types';

interface PanelLine {
  manufacturer: string;
  model: (watts: number) => string;
  watts: number[];
  cellType: string;
  cells: number;
  /** Frame depth in mm; flexible panels have none to speak of. */
  depth: number;
}

const PANELS: Record<
  string,
  { lines: PanelLine[]; efficiency: [number, number]; euroPerWatt: [number, number] }
> = {
  mono: {
    efficiency: [20.5, 22.8],
    euroPerWatt: [0.17, 0.3],
    lines: [
      {
        manufacturer: 'JA Solar',
        model: (w) => `JAM54S30-${w}/MR`,
        watts: [400, 405, 410, 415, 420],
        cellType: 'Mono PERC half-cut',
        cells: 108,
        depth: 30,
      },
      {
        manufacturer: 'LONGi',
        model: (w) => `LR5-54HPH-${w}M`,
        watts: [400, 405, 410, 415],
        cellType: 'Mono PERC half-cut',
        cells: 108,
        depth: 30,
      },
      {
        manufacturer: 'Trina Solar',
        model: (w) => `TSM-${w}DE09R.08`,
        watts: [415, 420, 425, 430],
        cellType: 'Mono PERC multi-busbar',
        cells: 144,
        depth: 30,
      },
      {
        manufacturer: 'Jinko Solar',
        model: (w) => `JKM${w}N-54HL4-V`,
        watts: [420, 425, 430, 435, 440],
        cellType: 'N-type TOPCon',
        cells: 108,
        depth: 30,
      },
      {
        manufacturer: 'Canadian Solar',
        model: (w) => `CS6R-${w}MS`,
        watts: [400, 405, 410, 415, 420],
        cellType: 'Mono PERC half-cut',
        cells: 108,
        depth: 30,
      },
      {
        manufacturer: 'Aiko',
        model: (w) => `AIKO-A${w}-MAH54Mb`,
        watts: [440, 445, 450, 455, 460],
        cellType: 'N-type ABC',
        cells: 108,
        depth: 30,
      },
    ],
  },
  poly: {
    efficiency: [16.4, 17.6],
    euroPerWatt: [0.22, 0.34],
    lines: [
      {
        manufacturer: 'Canadian Solar',
        model: (w) => `CS6K-${w}P`,
        watts: [270, 275, 280, 285],
        cellType: 'Poly',
        cells: 60,
        depth: 40,
      },
      {
        manufacturer: 'Trina Solar',
        model: (w) => `TSM-${w}PD05`,
        watts: [270, 275, 280, 285],
        cellType: 'Poly',
        cells: 60,
        depth: 35,
      },
      {
        manufacturer: 'Jinko Solar',
        model: (w) => `JKM${w}PP-60`,
        watts: [265, 270, 275, 280],
        cellType: 'Poly',
        cells: 60,
        depth: 40,
      },
      {
        manufacturer: 'Offgridtec',
        model: (w) => `OGT-${w}P-36`,
        watts: [100, 130, 150],
        cellType: 'Poly',
        cells: 36,
        depth: 35,
      },
    ],
  },
  flexible: {
    efficiency: [19.0, 22.5],
    euroPerWatt: [0.9, 1.5],
    lines: [
      {
        manufacturer: 'SunPower',
        model: (w) => `Maxeon Flexible SPR-E-Flex-${w}`,
        watts: [50, 100, 110],
        cellType: 'Mono IBC',
        cells: 32,
        depth: 2,
      },
      {
        manufacturer: 'Renogy',
        model: (w) => `RNG-${w}DB-H`,
        watts: [100, 175, 200],
        cellType: 'Mono flexible',
        cells: 36,
        depth: 3,
      },
      {
        manufacturer: 'Offgridtec',
        model: (w) => `OGT-FLEX-${w}`,
        watts: [50, 100, 150],
        cellType: 'Mono flexible',
        cells: 36,
        depth: 3,
      },
    ],
  },
};

const PANEL_WORDS: Record<string, Record<Locale, string>> = {
  mono: words(
    'Monocrystalline solar panel',
    'Panneau solaire monocristallin',
    'Panel solar monocristalino',
    'Monokristallines Solarmodul',
    'Monokristallijn zonnepaneel',
    'Pannello solare monocristallino',
  ),
  poly: words(
    'Polycrystalline solar panel',
    'Panneau solaire polycristallin',
    'Panel solar policristalino',
    'Polykristallines Solarmodul',
    'Polykristallijn zonnepaneel',
    'Pannello solare policristallino',
  ),
  flexible: words(
    'Flexible solar panel',
    'Panneau solaire flexible',
    'Panel solar flexible',
    'Flexibles Solarmodul',
    'Flexibel zonnepaneel',
    'Pannello solare flessibile',
  ),
};

const GRID_DEVICES = [
  'SMA Sunny Boy 4.0',
  'Fronius Primo 5.0-1',
  'Huawei SUN2000-5KTL-L1',
  'Hoymiles HMS-800-2T',
  'Enphase IQ8M',
  'SolarEdge SE5000H',
  'Growatt MIN 4600TL-X',
  'APsystems DS3-L',
];
const OFF_GRID_DEVICES = [
  'Victron SmartSolar MPPT 75/15',
  'Victron SmartSolar MPPT 100/30',
  'Renogy Rover 20A',
  'EPEVER Tracer 2210AN',
  'EcoFlow DELTA 2',
  'Bluetti AC180',
  'Jackery Explorer 1000 Plus',
];

function solarPanel(rng: Random, leaf: LeafSpec): ProductDraft {
  const variant = leaf.variant ?? 'mono';
  const family = PANELS[variant];
  const title = PANEL_WORDS[variant];
  if (!family || !title) throw new Error(`no solar panel family ${variant}`);
  const line = rng.pick(family.lines);
  const watts = rng.pick(line.watts);
  const efficiency = rng.real(family.efficiency[0], family.efficiency[1], 0.1);
  // Area follows from power and efficiency; framed panels are about 1.55 times as long as wide.
  const area = watts / (efficiency * 10);
  const aspect = variant === 'flexible' ? 2 : 1.55;
  const width = Math.round(Math.sqrt(area / aspect) * 1000);
  const length = Math.round(width * aspect);
  const vmp = line.cells >= 100 ? rng.real(30.8, 32.6, 0.1) : rng.real(17.8, 19.6, 0.1);
  const model = line.model(watts);
  const flexible = variant === 'flexible';
  const warrantyMonths = flexible ? rng.pick([120, 144]) : rng.pick([144, 180, 240, 300]);
  const features: FeatureKey[] = flexible
    ? ['flexibleBend', 'mc4', 'panelWarranty']
    : [
        'panelWarranty',
        'loadTested',
        'pidResistant',
        'mc4',
        ...(line.cellType.includes('half-cut') ? (['halfCut'] as const) : []),
      ];
  const original = rng.chance(0.9);
  return {
    reference: model,
    titles: perLocale((l) => `${title[l]} ${watts} W – ${line.manufacturer} ${model}`),
    standoutFeatures: standoutFeatures(rng, features, {
      years: warrantyMonths / 12,
      cable: rng.pick([0.9, 1.2]),
    }),
    specifications: [
      spec('power', `${watts} Wp`),
      spec('efficiency', `${efficiency.toFixed(1)} %`),
      spec('voltage', `${vmp.toFixed(1)} V`),
      spec('current', `${(watts / vmp).toFixed(2)} A`),
      spec('cell_type', line.cellType),
      spec('cells', line.cells),
      spec('dimensions', `${length} × ${width} × ${line.depth} mm`),
      spec('connector', 'MC4'),
    ],
    manufacturer: line.manufacturer,
    state: pickState(rng, original),
    priceCents: priceCents(
      watts * rng.real(family.euroPerWatt[0], family.euroPerWatt[1], 0.01),
      60,
      300,
    ),
    weightGrams: flexible ? Math.round(area * 2300) : Math.round(area * 11_500 + rng.int(0, 800)),
    box: [width + 20, line.depth + 30, length + 20],
    warrantyMonths,
    replacedModels: [
      ...new Set(rng.sample(line.watts, rng.int(1, 3)).map((w) => line.model(w - 10))),
    ],
    suitableDevices: rng.sample(
      flexible || line.cells < 100 ? OFF_GRID_DEVICES : GRID_DEVICES,
      rng.int(1, 6),
    ),
    image: 'solar-panel',
    skuCode: variant.slice(0, 2).toUpperCase(),
  };
}

export const SOLAR_PANEL_BUILDERS = { 'solar-panel': solarPanel };
