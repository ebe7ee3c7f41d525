import type { Locale } from '@portal/contract';
import type { CategoryIcon } from '../media/paths';
import type { LeafSpec, ProductType } from './types';

/** A node of the demo category tree; leaves say what their products are. */
export interface CategoryNode {
  names: Record<Locale, string>;
  icon: CategoryIcon;
  leaf?: LeafSpec;
  children?: CategoryNode[];
}

type Names = [en: string, fr: string, es: string, de: string, nl: string, it: string];

const names = ([en, fr, es, de, nl, it]: Names): Record<Locale, string> => ({
  en,
  fr,
  es,
  de,
  nl,
  it,
});

const branch = (n: Names, icon: CategoryIcon, children: CategoryNode[]): CategoryNode => ({
  names: names(n),
  icon,
  children,
});

const leaf = (n: Names, icon: CategoryIcon, spec: LeafSpec): CategoryNode => ({
  names: names(n),
  icon,
  leaf: spec,
});

/** Brand names are the same in every language. */
const brands = (type: ProductType, icon: CategoryIcon, weight: number, list: string[]) =>
  list.map((brand) =>
    leaf([brand, brand, brand, brand, brand, brand], icon, { type, brand, weight }),
  );

/** Four roots, about 60 categories, three levels deep. */
export const CATEGORY_TREE: CategoryNode[] = [
  branch(['Batteries', 'Batteries', 'Baterías', 'Akkus', "Accu's", 'Batterie'], 'battery', [
    branch(
      [
        'Laptop batteries',
        'Batteries pour PC portable',
        'Baterías para portátil',
        'Laptop-Akkus',
        "Laptopaccu's",
        'Batterie per notebook',
      ],
      'laptop',
      brands('laptop-battery', 'laptop', 5, ['Dell', 'HP', 'Lenovo', 'Apple', 'Asus', 'Acer']),
    ),
    branch(
      [
        'Phone batteries',
        'Batteries de téléphone',
        'Baterías de móvil',
        'Handy-Akkus',
        "Telefoonaccu's",
        'Batterie per cellulari',
      ],
      'phone',
      brands('phone-battery', 'phone', 4, ['Apple', 'Samsung', 'Xiaomi', 'Huawei']),
    ),
    branch(
      [
        'Power tool batteries',
        'Batteries pour outils électriques',
        'Baterías para herramientas',
        'Werkzeug-Akkus',
        "Gereedschapsaccu's",
        'Batterie per elettroutensili',
      ],
      'drill',
      brands('tool-battery', 'drill', 3, ['Makita', 'Bosch', 'DeWalt', 'Milwaukee', 'Metabo']),
    ),
    branch(
      [
        'Camera batteries',
        'Batteries pour appareils photo',
        'Baterías para cámaras',
        'Kamera-Akkus',
        "Camera-accu's",
        'Batterie per fotocamere',
      ],
      'camera',
      brands('camera-battery', 'camera', 2, ['Canon', 'Nikon', 'Sony', 'Panasonic']),
    ),
    branch(
      [
        'E-bike batteries',
        'Batteries de vélo électrique',
        'Baterías para bicicleta eléctrica',
        'E-Bike-Akkus',
        "E-bike-accu's",
        'Batterie per e-bike',
      ],
      'bike',
      brands('ebike-battery', 'bike', 1.5, ['Bosch', 'Shimano', 'Yamaha']),
    ),
  ]),
  branch(
    ['Chargers', 'Chargeurs', 'Cargadores', 'Ladegeräte', 'Opladers', 'Caricabatterie'],
    'charger',
    [
      branch(
        [
          'Laptop chargers',
          'Chargeurs pour PC portable',
          'Cargadores para portátil',
          'Laptop-Netzteile',
          'Laptopladers',
          'Alimentatori per notebook',
        ],
        'laptop',
        [
          ...brands('laptop-charger', 'laptop', 2.5, ['Dell', 'HP', 'Lenovo']),
          leaf(
            [
              'USB-C universal',
              'USB-C universels',
              'USB-C universales',
              'USB-C universal',
              'USB-C universeel',
              'USB-C universali',
            ],
            'charger',
            { type: 'laptop-charger', variant: 'usb-c', weight: 2.5 },
          ),
        ],
      ),
      branch(
        [
          'Phone chargers',
          'Chargeurs de téléphone',
          'Cargadores de móvil',
          'Handy-Ladegeräte',
          'Telefoonladers',
          'Caricabatterie per cellulari',
        ],
        'phone',
        [
          leaf(
            [
              'USB-C fast chargers',
              'Chargeurs rapides USB-C',
              'Cargadores rápidos USB-C',
              'USB-C-Schnellladegeräte',
              'USB-C-snelladers',
              'Caricabatterie rapidi USB-C',
            ],
            'charger',
            { type: 'phone-charger', variant: 'usb-c', weight: 2 },
          ),
          leaf(
            [
              'Wireless chargers',
              'Chargeurs sans fil',
              'Cargadores inalámbricos',
              'Kabellose Ladegeräte',
              'Draadloze laders',
              'Caricabatterie wireless',
            ],
            'wireless',
            { type: 'phone-charger', variant: 'wireless', weight: 2 },
          ),
          leaf(
            [
              'Car chargers',
              'Chargeurs voiture',
              'Cargadores de coche',
              'Kfz-Ladegeräte',
              'Autoladers',
              'Caricabatterie da auto',
            ],
            'car',
            { type: 'phone-charger', variant: 'car', weight: 2 },
          ),
        ],
      ),
      branch(
        [
          'Power tool chargers',
          'Chargeurs pour outils électriques',
          'Cargadores para herramientas',
          'Werkzeug-Ladegeräte',
          'Gereedschapsladers',
          'Caricabatterie per elettroutensili',
        ],
        'drill',
        brands('tool-charger', 'drill', 1.5, ['Makita', 'Bosch', 'DeWalt', 'Milwaukee']),
      ),
      leaf(
        [
          'Camera chargers',
          'Chargeurs pour appareils photo',
          'Cargadores para cámaras',
          'Kamera-Ladegeräte',
          'Cameraladers',
          'Caricabatterie per fotocamere',
        ],
        'camera',
        { type: 'camera-charger', weight: 2 },
      ),
      leaf(
        [
          'E-bike chargers',
          'Chargeurs de vélo électrique',
          'Cargadores para bicicleta eléctrica',
          'E-Bike-Ladegeräte',
          'E-bikeladers',
          'Caricabatterie per e-bike',
        ],
        'bike',
        { type: 'ebike-charger', weight: 1 },
      ),
    ],
  ),
  branch(['Solar', 'Solaire', 'Solar', 'Solar', 'Zonne-energie', 'Fotovoltaico'], 'sun', [
    branch(
      [
        'Solar panels',
        'Panneaux solaires',
        'Paneles solares',
        'Solarmodule',
        'Zonnepanelen',
        'Pannelli solari',
      ],
      'solar-panel',
      [
        leaf(
          [
            'Monocrystalline',
            'Monocristallins',
            'Monocristalinos',
            'Monokristallin',
            'Monokristallijn',
            'Monocristallini',
          ],
          'solar-panel',
          { type: 'solar-panel', variant: 'mono', weight: 2.5 },
        ),
        leaf(
          [
            'Polycrystalline',
            'Polycristallins',
            'Policristalinos',
            'Polykristallin',
            'Polykristallijn',
            'Policristallini',
          ],
          'solar-panel',
          { type: 'solar-panel', variant: 'poly', weight: 1.5 },
        ),
        leaf(
          ['Flexible', 'Flexibles', 'Flexibles', 'Flexibel', 'Flexibel', 'Flessibili'],
          'solar-panel',
          { type: 'solar-panel', variant: 'flexible', weight: 1.5 },
        ),
      ],
    ),
    branch(
      ['Inverters', 'Onduleurs', 'Inversores', 'Wechselrichter', 'Omvormers', 'Inverter'],
      'inverter',
      [
        leaf(
          [
            'String inverters',
            'Onduleurs string',
            'Inversores string',
            'String-Wechselrichter',
            'String-omvormers',
            'Inverter di stringa',
          ],
          'inverter',
          { type: 'inverter', variant: 'string', weight: 1.5 },
        ),
        leaf(
          [
            'Microinverters',
            'Micro-onduleurs',
            'Microinversores',
            'Mikrowechselrichter',
            'Micro-omvormers',
            'Microinverter',
          ],
          'inverter',
          { type: 'inverter', variant: 'micro', weight: 1.5 },
        ),
        leaf(
          [
            'Hybrid inverters',
            'Onduleurs hybrides',
            'Inversores híbridos',
            'Hybrid-Wechselrichter',
            'Hybride omvormers',
            'Inverter ibridi',
          ],
          'inverter',
          { type: 'inverter', variant: 'hybrid', weight: 1.5 },
        ),
      ],
    ),
    branch(
      [
        'Charge controllers',
        'Régulateurs de charge',
        'Reguladores de carga',
        'Laderegler',
        'Laadregelaars',
        'Regolatori di carica',
      ],
      'controller',
      [
        leaf(
          [
            'PWM controllers',
            'Régulateurs PWM',
            'Reguladores PWM',
            'PWM-Laderegler',
            'PWM-laadregelaars',
            'Regolatori PWM',
          ],
          'controller',
          { type: 'controller', variant: 'pwm', weight: 1.5 },
        ),
        leaf(
          [
            'MPPT controllers',
            'Régulateurs MPPT',
            'Reguladores MPPT',
            'MPPT-Laderegler',
            'MPPT-laadregelaars',
            'Regolatori MPPT',
          ],
          'controller',
          { type: 'controller', variant: 'mppt', weight: 1.5 },
        ),
      ],
    ),
    branch(
      [
        'Mounting systems',
        'Systèmes de fixation',
        'Sistemas de montaje',
        'Montagesysteme',
        'Montagesystemen',
        'Sistemi di montaggio',
      ],
      'mounting',
      [
        leaf(
          [
            'Roof mounting',
            'Fixation en toiture',
            'Montaje en tejado',
            'Dachmontage',
            'Dakmontage',
            'Montaggio su tetto',
          ],
          'mounting',
          { type: 'mounting', variant: 'roof', weight: 1 },
        ),
        leaf(
          [
            'Ground mounting',
            'Fixation au sol',
            'Montaje en suelo',
            'Bodenmontage',
            'Grondmontage',
            'Montaggio a terra',
          ],
          'mounting',
          { type: 'mounting', variant: 'ground', weight: 1 },
        ),
      ],
    ),
  ]),
  branch(
    [
      'Portable power stations',
      'Stations électriques portables',
      'Estaciones de energía portátiles',
      'Tragbare Powerstations',
      'Draagbare powerstations',
      'Stazioni di alimentazione portatili',
    ],
    'power-station',
    [
      leaf(
        [
          'Up to 500 Wh',
          '500 Wh maximum',
          'Hasta 500 Wh',
          'Bis 500 Wh',
          'Tot 500 Wh',
          'Fino a 500 Wh',
        ],
        'power-station',
        { type: 'power-station', variant: 'small', weight: 1.5 },
      ),
      leaf(
        ['500–1500 Wh', '500–1500 Wh', '500–1500 Wh', '500–1500 Wh', '500–1500 Wh', '500–1500 Wh'],
        'power-station',
        { type: 'power-station', variant: 'medium', weight: 1.5 },
      ),
      leaf(
        [
          'Over 1500 Wh',
          'Plus de 1500 Wh',
          'Más de 1500 Wh',
          'Über 1500 Wh',
          'Meer dan 1500 Wh',
          'Oltre 1500 Wh',
        ],
        'power-station',
        { type: 'power-station', variant: 'large', weight: 1.5 },
      ),
    ],
  ),
];
