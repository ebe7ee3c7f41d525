import type { Locale } from '@portal/contract';
import { codeOf, compatibleReference, pickMaker, pickState, words } from './common';
import { standoutFeatures, type FeatureKey } from './features';
import type { Random } from './random';
import type { Spec } from './types';

export const CHARGER_FOR = words(
  'Charger for',
  'Chargeur pour',
  'Cargador para',
  'Ladegerät für',
  'Oplader voor',
  'Caricabatterie per',
);
export const FAST_CHARGER_FOR = words(
  'Fast charger for',
  'Chargeur rapide pour',
  'Cargador rápido para',
  'Schnellladegerät für',
  'Snellader voor',
  'Caricabatterie rapido per',
);
export const EBIKE_CHARGER_FOR = words(
  'E-bike charger for',
  'Chargeur de vélo électrique pour',
  'Cargador de bicicleta eléctrica para',
  'E-Bike-Ladegerät für',
  'E-bike-oplader voor',
  'Caricabatterie e-bike per',
);
const CHARGER_FEATURES: FeatureKey[] = [
  'chargerProtection',
  'cableLength',
  'smartCharging',
  'compact',
];
export const MAINS_INPUT = '100–240 V ~ 50/60 Hz';

interface ChargerParts {
  rng: Random;
  brand: string;
  compatibles: readonly string[];
  parts: string[];
  titles: Record<Locale, string>;
  specifications: Spec[];
  features?: FeatureKey[];
  originalShare?: number;
}

/** Maker, state, reference and bullets: the same rules for every charger. */
export function charger(p: ChargerParts) {
  const { rng } = p;
  const { manufacturer, original } = pickMaker(rng, p.brand, p.compatibles, p.originalShare);
  const parts = [...new Set(p.parts)];
  const [primary = p.brand] = parts;
  return {
    manufacturer,
    original,
    state: pickState(rng, original),
    reference: original ? primary : compatibleReference(p.brand, primary),
    replacedModels: parts,
    titles: p.titles,
    specifications: p.specifications,
    standoutFeatures: standoutFeatures(rng, [...CHARGER_FEATURES, ...(p.features ?? [])], {
      ref: primary,
      cable: rng.pick([1.0, 1.2, 1.5, 1.8]),
    }),
    warrantyMonths: rng.pick([12, 24, 24, 36]),
    skuCode: codeOf(p.brand),
  };
}
