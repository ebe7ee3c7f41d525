/**
 * Device brands with the models a battery or charger fits and the original part numbers it
 * replaces. Part numbers are patterns (`#` digit, `@` letter) so the catalog gets many distinct
 * but believable references.
 */
export interface DeviceLine {
  brand: string;
  devices: string[];
  parts: string[];
}

export const LAPTOPS: Record<string, DeviceLine> = {
  Dell: {
    brand: 'Dell',
    devices: [
      'Latitude 5480',
      'Latitude 5490',
      'Latitude 5580',
      'Latitude 7490',
      'Latitude E7450',
      'Latitude E5470',
      'XPS 13 9350',
      'XPS 13 9360',
      'XPS 15 9550',
      'XPS 15 9570',
      'Inspiron 15 5559',
      'Inspiron 15 7567',
      'Vostro 3568',
      'Precision 5510',
      'Precision 7520',
    ],
    parts: ['@#@#@', '#@@#@', '@@@#@', '451-BB@@', '0@@@#@'],
  },
  HP: {
    brand: 'HP',
    devices: [
      'EliteBook 840 G3',
      'EliteBook 840 G5',
      'EliteBook 850 G4',
      'ProBook 450 G5',
      'ProBook 650 G2',
      'ZBook 15 G3',
      'Pavilion 15-cs0000',
      'Envy 13-ad000',
      'Spectre x360 13',
      '250 G6',
    ],
    parts: ['@@0#XL', 'HSTNN-LB#@', '@@04', '8#####-855', 'HSTNN-DB#@'],
  },
  Lenovo: {
    brand: 'Lenovo',
    devices: [
      'ThinkPad T460',
      'ThinkPad T470',
      'ThinkPad T480',
      'ThinkPad X260',
      'ThinkPad X1 Carbon Gen 6',
      'ThinkPad L470',
      'ThinkPad E580',
      'IdeaPad 320-15',
      'IdeaPad 5 14',
      'Yoga 720-13',
    ],
    parts: ['01AV4##', '45N11##', 'L1#M4P##', '00HW0##', 'SB10K97###'],
  },
  Apple: {
    brand: 'Apple',
    devices: [
      'MacBook Pro 13" A1278',
      'MacBook Pro 13" A1502',
      'MacBook Pro 15" A1398',
      'MacBook Air 13" A1466',
      'MacBook Air 13" A1932',
      'MacBook Pro 13" A1706',
      'MacBook Pro 16" A2141',
      'MacBook Air 11" A1465',
    ],
    parts: ['A1###', 'A2###', '020-####', '661-####'],
  },
  Asus: {
    brand: 'Asus',
    devices: [
      'ZenBook UX410',
      'ZenBook UX430',
      'VivoBook S15 S510',
      'VivoBook 15 X512',
      'ROG Strix G531',
      'TUF Gaming FX505',
      'ExpertBook B9450',
      'X550C',
      'K501U',
    ],
    parts: ['C31N1###', 'B31N1###', 'C21N1###', 'A32N1###', 'A41-X550A'],
  },
  Acer: {
    brand: 'Acer',
    devices: [
      'Aspire 5 A515-51',
      'Aspire E5-575',
      'Aspire 3 A315-53',
      'Swift 3 SF314-52',
      'TravelMate P259',
      'Nitro 5 AN515-52',
      'Predator Helios 300',
      'Spin 5 SP513',
    ],
    parts: ['AC1#B#K', 'AS1#D#1', 'AL1#A32', 'AP1#C#K', 'KT.00#0#.0##'],
  },
};

export const PHONES: Record<string, DeviceLine> = {
  Apple: {
    brand: 'Apple',
    devices: [
      'iPhone 8',
      'iPhone X',
      'iPhone XR',
      'iPhone 11',
      'iPhone 11 Pro',
      'iPhone 12',
      'iPhone 12 Pro',
      'iPhone 13',
      'iPhone 13 mini',
      'iPhone SE (2020)',
      'iPhone 14',
    ],
    parts: ['616-0####', 'A2###', '661-#####'],
  },
  Samsung: {
    brand: 'Samsung',
    devices: [
      'Galaxy S10',
      'Galaxy S20',
      'Galaxy S21',
      'Galaxy S22',
      'Galaxy A52',
      'Galaxy A53',
      'Galaxy A12',
      'Galaxy Note 10',
      'Galaxy Note 20',
      'Galaxy Xcover 5',
    ],
    parts: ['EB-BG###ABY', 'EB-BA###ABN', 'EB-BN###ABU', 'GH82-#####A'],
  },
  Xiaomi: {
    brand: 'Xiaomi',
    devices: [
      'Redmi Note 8',
      'Redmi Note 9 Pro',
      'Redmi Note 10',
      'Mi 9',
      'Mi 10T',
      'Poco X3',
      'Poco F3',
      'Redmi 9A',
    ],
    parts: ['BN##', 'BM##', 'BP##'],
  },
  Huawei: {
    brand: 'Huawei',
    devices: [
      'P20',
      'P30',
      'P30 Pro',
      'P40 Lite',
      'Mate 20',
      'Mate 20 Pro',
      'Mate 30',
      'Nova 5T',
      'P Smart 2019',
    ],
    parts: ['HB######ECW', 'HB####@#EBC', '24022###'],
  },
};

/** 18 V tool platforms: `devices` are tools, `packs` the original battery packs. */
export interface ToolLine extends DeviceLine {
  packs: string[];
  chargers: string[];
}

export const TOOLS: Record<string, ToolLine> = {
  Makita: {
    brand: 'Makita',
    devices: [
      'DHP482',
      'DDF484',
      'DTD153',
      'DGA504',
      'DHR171',
      'DJV180',
      'DUB185',
      'DHS680',
      'DTW285',
    ],
    packs: ['BL1815N', 'BL1830B', 'BL1840B', 'BL1850B', 'BL1860B'],
    parts: ['BL18#0B', '197###-#', '632F##-#'],
    chargers: ['DC18RC', 'DC18RD', 'DC18SD'],
  },
  Bosch: {
    brand: 'Bosch',
    devices: [
      'GSR 18V-28',
      'GBH 18V-26',
      'GWS 18V-10',
      'GSB 18V-55',
      'GKS 18V-57',
      'GST 18V-LI',
      'GDX 18V-200',
      'PSR 18 LI-2',
    ],
    packs: ['GBA 18V', 'ProCORE18V', 'PBA 18V'],
    parts: ['1 600 A00 ###', '2 607 336 ###', '1 600 Z00 0##'],
    chargers: ['GAL 18V-40', 'GAL 1880 CV', 'AL 1860 CV'],
  },
  DeWalt: {
    brand: 'DeWalt',
    devices: ['DCD791', 'DCD996', 'DCF887', 'DCG405', 'DCS391', 'DCH273', 'DCS334', 'DCF894'],
    packs: ['DCB183', 'DCB184', 'DCB182', 'DCB185'],
    parts: ['DCB18#', 'DCB54#', 'N#####'],
    chargers: ['DCB115', 'DCB118', 'DCB1104'],
  },
  Milwaukee: {
    brand: 'Milwaukee',
    devices: ['M18 FPD2', 'M18 FID2', 'M18 CAG125X', 'M18 FHZ', 'M18 BLPD2', 'M18 ONEFHIWF12'],
    packs: ['M18 B2', 'M18 B5', 'M18 HB8', 'M18 HB12'],
    parts: ['4932 ### ###', 'M18 B#'],
    chargers: ['M12-18C', 'M12-18FC', 'M1418C6'],
  },
  Metabo: {
    brand: 'Metabo',
    devices: ['BS 18 LTX BL', 'SB 18 LT', 'W 18 LTX 125', 'KHA 18 LTX', 'SSW 18 LTX 400 BL'],
    packs: ['LiHD 18 V', 'Li-Power 18 V'],
    parts: ['625###000', '6.25###'],
    chargers: ['ASC 55', 'ASC 145', 'SC 30'],
  },
};

export interface CameraLine extends DeviceLine {
  packs: string[];
  voltage: number;
  chargers: string[];
}

export const CAMERAS: Record<string, CameraLine> = {
  Canon: {
    brand: 'Canon',
    devices: [
      'EOS 5D Mark IV',
      'EOS 6D',
      'EOS 7D Mark II',
      'EOS 80D',
      'EOS 90D',
      'EOS R',
      'EOS R5',
      'EOS R6',
      'EOS 250D',
    ],
    packs: ['LP-E6', 'LP-E6N', 'LP-E6NH', 'LP-E17', 'LP-E12', 'LP-E8'],
    parts: ['LP-E#', 'LP-E##', '####C002'],
    voltage: 7.2,
    chargers: ['LC-E6E', 'LC-E17E', 'LC-E12E'],
  },
  Nikon: {
    brand: 'Nikon',
    devices: ['D750', 'D7500', 'D850', 'D5600', 'D3500', 'Z6', 'Z7', 'Z5', 'Z50'],
    packs: ['EN-EL15', 'EN-EL15a', 'EN-EL15b', 'EN-EL15c', 'EN-EL14a', 'EN-EL25'],
    parts: ['EN-EL##', 'VFB#####'],
    voltage: 7.0,
    chargers: ['MH-25a', 'MH-24', 'MH-32'],
  },
  Sony: {
    brand: 'Sony',
    devices: [
      'Alpha 7 III',
      'Alpha 7R IV',
      'Alpha 6400',
      'Alpha 6000',
      'Alpha 7S III',
      'RX100 VII',
      'ZV-1',
      'ZV-E10',
    ],
    packs: ['NP-FZ100', 'NP-FW50', 'NP-FM500H'],
    parts: ['NP-F@###', 'NP-F@##'],
    voltage: 7.2,
    chargers: ['BC-QZ1', 'BC-TRW', 'BC-TRX'],
  },
  Panasonic: {
    brand: 'Panasonic',
    devices: [
      'Lumix GH5',
      'Lumix GH6',
      'Lumix G9',
      'Lumix S5',
      'Lumix G80',
      'Lumix FZ1000',
      'Lumix TZ200',
    ],
    packs: ['DMW-BLF19E', 'DMW-BLK22E', 'DMW-BLC12E', 'DMW-BLG10E', 'DMW-BLJ31E'],
    parts: ['DMW-BL@##E', 'DMW-BL@##'],
    voltage: 7.2,
    chargers: ['DMW-BTC13', 'DMW-BTC14', 'DE-A80A'],
  },
};

/** E-bike systems: `packs` are the original batteries, `devices` bikes that use them. */
export interface EbikeLine extends DeviceLine {
  packs: { name: string; wh: number }[];
  chargers: string[];
  connector: string;
}

export const EBIKES: Record<string, EbikeLine> = {
  Bosch: {
    brand: 'Bosch',
    devices: [
      'Cube Reaction Hybrid',
      'Haibike Trekking 5',
      'Gazelle Orange C7',
      'Trek Allant+ 7',
      'Riese & Müller Charger3',
      'Stevens E-Triton',
      'Kalkhoff Endeavour 5',
    ],
    packs: [
      { name: 'PowerPack 400', wh: 400 },
      { name: 'PowerPack 500', wh: 500 },
      { name: 'PowerTube 500', wh: 500 },
      { name: 'PowerTube 625', wh: 625 },
      { name: 'PowerTube 750', wh: 750 },
    ],
    parts: ['0 275 007 5##', 'BBS2##', 'BBP2##'],
    chargers: ['BCS220', 'BPC3400', '0 275 007 907'],
    connector: 'Bosch 3-pin',
  },
  Shimano: {
    brand: 'Shimano',
    devices: [
      'Merida eONE-SIXTY',
      'Bulls E-Stream EVO',
      'KTM Macina Chacana',
      'Focus Jam²',
      'Lapierre Overvolt',
      'Orbea Wild FS',
    ],
    packs: [
      { name: 'BT-E6000', wh: 418 },
      { name: 'BT-E8010', wh: 504 },
      { name: 'BT-E8035', wh: 504 },
      { name: 'BT-E8036', wh: 630 },
    ],
    parts: ['BT-E80##', 'BT-E60##', 'IBTE80##'],
    chargers: ['EC-E6002', 'EC-E8004'],
    connector: 'Shimano STEPS',
  },
  Yamaha: {
    brand: 'Yamaha',
    devices: [
      'Giant Trance E+',
      'Giant Explore E+',
      'Haibike XDURO AllMtn',
      'Winora Yucatan',
      'Liv Amiti E+',
    ],
    packs: [
      { name: 'PW Series 400', wh: 400 },
      { name: 'PW-X Side 500', wh: 500 },
      { name: 'Multi Location 400', wh: 400 },
      { name: 'InTube 500', wh: 500 },
    ],
    parts: ['X94-8210@-##', 'X0T-82110-2#'],
    chargers: ['X94-8210A-20', 'X0T-8210C-00'],
    connector: 'Yamaha PW',
  },
};

/** Aftermarket makers next to the original brands, per product family. */
export const COMPATIBLE_MAKERS = {
  laptop: ['PowerVolt', 'CellMax', 'Green Cell', 'Ansmann', 'Patona', 'Varta'],
  phone: ['PowerVolt', 'CellMax', 'Green Cell', 'Varta', 'Ansmann'],
  tool: ['PowerVolt', 'CellMax', 'Green Cell', 'Ansmann', 'Berserker'],
  camera: ['Patona', 'Ansmann', 'Hähnel', 'Jupio', 'Green Cell'],
  ebike: ['PowerVolt', 'CellMax', 'Ansmann', 'Green Cell'],
  phoneCharger: ['Anker', 'Belkin', 'Ugreen', 'Hama', 'Varta', 'Green Cell'],
} as const;
