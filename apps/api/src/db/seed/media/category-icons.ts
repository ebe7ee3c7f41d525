import type { CategoryIcon } from './paths';

/** Path data of 24 × 24 line icons, drawn with one stroke style (see renderCategoryIcon). */
export const CATEGORY_ICON_PATHS: Record<CategoryIcon, string[]> = {
  battery: [
    'M5 7h12a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2z',
    'M22 11v2',
    'M7 10v4M11 10v4',
  ],
  charger: ['M9 2v5M15 2v5', 'M6 7h12v4a6 6 0 0 1-12 0z', 'M12 17v5'],
  sun: [
    'M12 8a4 4 0 1 0 0 8a4 4 0 1 0 0-8z',
    'M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
  ],
  'power-station': [
    'M5 8h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-9a2 2 0 0 1 2-2z',
    'M8 8V5h8v3',
    'M13 11l-3 4h4l-3 4',
  ],
  laptop: ['M6 5h12a1 1 0 0 1 1 1v9H5V6a1 1 0 0 1 1-1z', 'M2 19h20l-2-4H4z'],
  phone: ['M9 2h6a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z', 'M11 18h2'],
  drill: ['M4 6h11v6H4z', 'M15 8h4M19 7v3', 'M7 12l-1 9h4l1-9'],
  camera: ['M3 8h4l2-3h6l2 3h4v11H3z', 'M12 9.5a3.5 3.5 0 1 0 0 7a3.5 3.5 0 1 0 0-7z'],
  bike: [
    'M6 12a4 4 0 1 0 0 8a4 4 0 1 0 0-8z',
    'M18 12a4 4 0 1 0 0 8a4 4 0 1 0 0-8z',
    'M6 16l4-8h6l2 8M10 8l4 8M14 5h3',
  ],
  'solar-panel': ['M4 4h16l-2 12H6z', 'M4.7 10h14.6M9.3 4l-.6 12M14.7 4l.6 12', 'M12 16v4M8 20h8'],
  inverter: [
    'M7 3h10a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z',
    'M8 10c1.3-2 2.7-2 4 0s2.7 2 4 0',
    'M9 16h6',
  ],
  controller: [
    'M6 5h12a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z',
    'M7 8h10v4H7z',
    'M8 16h.01M12 16h.01M16 16h.01',
  ],
  mounting: ['M3 8h18M3 16h18', 'M7 5v14M17 5v14'],
  wireless: ['M7 14h10a3 3 0 0 1 0 6H7a3 3 0 0 1 0-6z', 'M8 9a6 6 0 0 1 8 0M10 11.5a3 3 0 0 1 4 0'],
  car: [
    'M5 11l2-5h10l2 5',
    'M5 11h14a2 2 0 0 1 2 2v4H3v-4a2 2 0 0 1 2-2z',
    'M7.5 16a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3zM16.5 16a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3z',
  ],
};
