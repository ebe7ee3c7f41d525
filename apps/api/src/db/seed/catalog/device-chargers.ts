import type { Locale } from '@portal/contract';
import { CHARGER_FOR, MAINS_INPUT, charger } from './charger-common';
import { FOR, codeOf, partNumbers, priceCents, spec, words } from './common';
import { COMPATIBLE_MAKERS, LAPTOPS, PHONES } from './lines';
import type { Random } from './random';
import { formatNumber, perLocale } from './text';
import type { LeafSpec, ProductDraft } from './types';

const USB_C_LAPTOP_CHARGER = words(
  'USB-C laptop charger',
  'Chargeur USB-C pour PC portable',
  'Cargador USB-C para portátil',
  'USB-C-Laptop-Netzteil',
  'USB-C-laptoplader',
  'Caricabatterie USB-C per notebook',
);
const PHONE_CHARGERS: Record<string, Record<Locale, string>> = {
  'usb-c': words(
    'USB-C fast charger',
    'Chargeur rapide USB-C',
    'Cargador rápido USB-C',
    'USB-C-Schnellladegerät',
    'USB-C-snellader',
    'Caricabatterie rapido USB-C',
  ),
  wireless: words(
    'Wireless charger',
    'Chargeur sans fil',
    'Cargador inalámbrico',
    'Kabelloses Ladegerät',
    'Draadloze oplader',
    'Caricabatterie wireless',
  ),
  car: words(
    'Car charger',
    'Chargeur voiture',
    'Cargador de coche',
    'Kfz-Ladegerät',
    'Autolader',
    'Caricabatterie da auto',
  ),
};

/** Original laptop adapter part numbers and tip sizes per brand. */
const LAPTOP_ADAPTERS: Record<string, { parts: string[]; tips: string[]; volts: number }> = {
  Dell: {
    parts: ['LA##NM1##', 'HA##NM1##', '0@@@#@'],
    tips: ['7.4 × 5.0 mm', '4.5 × 3.0 mm', 'USB-C'],
    volts: 19.5,
  },
  HP: {
    parts: ['TPN-@A##', 'L#####-00#', '7#####-00#'],
    tips: ['7.4 × 5.0 mm', '4.5 × 3.0 mm', 'USB-C'],
    volts: 19.5,
  },
  Lenovo: {
    parts: ['ADLX##YLC3A', 'ADLX##NCC3A', 'SA10E756##', '00HM6##'],
    tips: ['Lenovo Slim Tip', 'USB-C'],
    volts: 20,
  },
};

function laptopCharger(rng: Random, leaf: LeafSpec): ProductDraft {
  const watts = rng.pick([45, 65, 65, 90, 130]);
  if (leaf.variant === 'usb-c') {
    const lines = Object.values(LAPTOPS);
    const devices = rng
      .sample(lines, 3)
      .flatMap((line) => rng.sample(line.devices, 3).map((d) => `${line.brand} ${d}`));
    const maker = rng.pick(COMPATIBLE_MAKERS.phoneCharger);
    return {
      ...charger({
        rng,
        brand: maker,
        compatibles: [maker],
        originalShare: 1,
        parts: [rng.pattern(`${codeOf(maker)}-PD${watts}-###`)],
        titles: perLocale((l) => `${USB_C_LAPTOP_CHARGER[l]} ${watts} W Power Delivery`),
        specifications: [
          spec('power', `${watts} W`),
          spec('output', `5–20 V DC ${(watts / 20).toFixed(2)} A`),
          spec('input', MAINS_INPUT),
          spec('connector', 'USB-C'),
          spec('efficiency', `${rng.int(88, 93)} %`),
        ],
        features: ['universalInput', 'efficiencyVI'],
      }),
      skuCode: 'UC',
      priceCents: priceCents(8 + watts * 0.35 + rng.int(0, 8), 15, 70),
      weightGrams: rng.int(110, 260),
      box: [rng.int(60, 80), rng.int(30, 40), rng.int(90, 120)],
      suitableDevices: devices.slice(0, rng.int(3, 10)),
      image: 'phone-charger',
    };
  }
  const line = LAPTOPS[leaf.brand ?? ''];
  const adapter = LAPTOP_ADAPTERS[leaf.brand ?? ''];
  if (!line || !adapter) throw new Error(`no laptop charger line for ${leaf.brand ?? ''}`);
  const device = rng.pick(line.devices);
  const tip = rng.pick(adapter.tips);
  const usbC = tip === 'USB-C';
  const volts = usbC ? 20 : adapter.volts;
  const common = charger({
    rng,
    brand: line.brand,
    compatibles: COMPATIBLE_MAKERS.laptop,
    parts: partNumbers(rng, adapter.parts, rng.int(1, 6)),
    titles: perLocale(
      (l) => `${CHARGER_FOR[l]} ${line.brand} ${device} – ${watts} W ${formatNumber(volts, l)} V`,
    ),
    specifications: [
      spec('power', `${watts} W`),
      spec('output', `${usbC ? '5–20' : volts} V DC ${(watts / volts).toFixed(2)} A`),
      spec('input', MAINS_INPUT),
      spec('connector', tip),
      spec('efficiency', `${rng.int(87, 92)} %`),
    ],
    features: ['replacesCharger', 'universalInput', 'efficiencyVI'],
  });
  return {
    ...common,
    priceCents: priceCents(10 + watts * 0.3 + rng.int(0, 10) + (common.original ? 18 : 0), 15, 70),
    weightGrams: Math.round(150 + watts * 2.2 + rng.int(0, 60)),
    box: [rng.int(60, 90), rng.int(30, 45), rng.int(120, 160)],
    suitableDevices: [
      device,
      ...rng.sample(
        line.devices.filter((d) => d !== device),
        rng.int(0, 9),
      ),
    ].map((d) => `${line.brand} ${d}`),
    image: 'charger',
  };
}

const PHONE_CHARGER_WATTS: Record<string, number[]> = {
  'usb-c': [20, 25, 30, 45, 65],
  wireless: [10, 15],
  car: [24, 36, 45],
};

function phoneCharger(rng: Random, leaf: LeafSpec): ProductDraft {
  const variant = leaf.variant ?? 'usb-c';
  const kind =
    PHONE_CHARGERS[variant] ??
    words('Charger', 'Chargeur', 'Cargador', 'Ladegerät', 'Oplader', 'Caricabatterie');
  const line = rng.pick(Object.values(PHONES));
  const watts = rng.pick(PHONE_CHARGER_WATTS[variant] ?? [20]);
  const device = rng.pick(line.devices);
  const connector = variant === 'wireless' ? 'Qi' : variant === 'car' ? 'USB-C + USB-A' : 'USB-C';
  const common = charger({
    rng,
    brand: line.brand,
    compatibles: COMPATIBLE_MAKERS.phoneCharger,
    originalShare: 0.15,
    parts: [rng.pattern(`${codeOf(line.brand)}-${variant === 'wireless' ? 'WL' : 'TA'}###`)],
    titles: perLocale((l) => `${kind[l]} ${watts} W ${FOR[l]} ${line.brand} ${device}`),
    specifications: [
      spec('power', `${watts} W`),
      spec(
        'output',
        variant === 'wireless'
          ? `${watts} W Qi`
          : `5 V DC 3 A / 9 V DC ${Math.min(3, watts / 9).toFixed(2)} A`,
      ),
      spec(
        'input',
        variant === 'car' ? '12–24 V DC' : variant === 'wireless' ? '9 V DC 2 A' : MAINS_INPUT,
      ),
      spec('connector', connector),
    ],
  });
  return {
    ...common,
    skuCode: codeOf(line.brand),
    priceCents: priceCents(4 + watts * 0.3 + rng.int(0, 6) + (common.original ? 8 : 0), 5, 35),
    weightGrams: rng.int(40, 140),
    box: [rng.int(50, 70), rng.int(30, 40), rng.int(80, 110)],
    suitableDevices: [
      device,
      ...rng.sample(
        line.devices.filter((d) => d !== device),
        rng.int(0, 9),
      ),
    ].map((d) => `${line.brand} ${d}`),
    image: 'phone-charger',
  };
}

export const DEVICE_CHARGER_BUILDERS = {
  'laptop-charger': laptopCharger,
  'phone-charger': phoneCharger,
};
