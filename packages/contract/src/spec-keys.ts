/**
 * The specification codes products carry, as `{ key, value }`. The web translates the key; the
 * value is language-neutral (numbers with SI units, standards, connector names).
 *
 * voltage (V) · capacity (mAh or Ah) · energy (Wh) · chemistry · cells · cycles · power (W, kW)
 * · current (A) · output · input · connector · efficiency (%) · cell_type · dimensions (mm)
 * · phases · mppt_trackers · pv_voltage (V) · ip_rating · panels · rail_length (mm) · material
 * · tilt (°) · charge_time
 */
export const SPEC_KEYS = [
  'voltage',
  'capacity',
  'energy',
  'chemistry',
  'cells',
  'cycles',
  'power',
  'current',
  'output',
  'input',
  'connector',
  'efficiency',
  'cell_type',
  'dimensions',
  'phases',
  'mppt_trackers',
  'pv_voltage',
  'ip_rating',
  'panels',
  'rail_length',
  'material',
  'tilt',
  'charge_time',
] as const;
export type SpecKey = (typeof SPEC_KEYS)[number];
