import { bannerImagePath, type DashboardSlider } from '@portal/contract';

/**
 * The slider shown until staff change it (`PUT /api/settings/code/dashboard_slider`): written to
 * the settings table the first time it is read. Links are category routes of the demo catalog.
 */
export const DEFAULT_DASHBOARD_SLIDER: DashboardSlider = {
  interval_seconds: 7,
  banners: [
    {
      id: 'solar',
      image: bannerImagePath('solar'),
      link: '/cat/solar',
      texts: {
        en: {
          title: 'Solar season stock is in',
          text: 'Panels, inverters, charge controllers and mounting kits, ready to ship from our warehouse.',
          cta: 'Shop solar',
        },
        fr: {
          title: 'Le stock solaire de la saison est arrivé',
          text: 'Panneaux, onduleurs, régulateurs de charge et kits de montage, prêts à partir de notre entrepôt.',
          cta: 'Voir le solaire',
        },
        es: {
          title: 'Ya llegó el stock solar de la temporada',
          text: 'Paneles, inversores, reguladores de carga y kits de montaje, listos para enviar desde nuestro almacén.',
          cta: 'Ver solar',
        },
        de: {
          title: 'Die Solarware der Saison ist da',
          text: 'Module, Wechselrichter, Laderegler und Montagesets, versandbereit aus unserem Lager.',
          cta: 'Solar ansehen',
        },
        nl: {
          title: 'De zonne-energievoorraad van het seizoen is binnen',
          text: 'Panelen, omvormers, laadregelaars en montagesets, klaar voor verzending uit ons magazijn.',
          cta: 'Bekijk zonne-energie',
        },
        it: {
          title: 'È arrivato lo stock fotovoltaico di stagione',
          text: 'Pannelli, inverter, regolatori di carica e kit di montaggio, pronti per la spedizione dal nostro magazzino.',
          cta: 'Scopri il fotovoltaico',
        },
      },
    },
    {
      id: 'batteries',
      image: bannerImagePath('batteries'),
      link: '/cat/batteries',
      texts: {
        en: {
          title: 'Replacement batteries for every device',
          text: 'Laptop, phone, power tool, camera and e-bike batteries with up to 24 months warranty.',
          cta: 'Shop batteries',
        },
        fr: {
          title: 'Des batteries de remplacement pour chaque appareil',
          text: 'Batteries pour ordinateurs portables, téléphones, outils, appareils photo et vélos électriques, jusqu’à 24 mois de garantie.',
          cta: 'Voir les batteries',
        },
        es: {
          title: 'Baterías de repuesto para cada aparato',
          text: 'Baterías para portátiles, móviles, herramientas, cámaras y bicicletas eléctricas, con hasta 24 meses de garantía.',
          cta: 'Ver baterías',
        },
        de: {
          title: 'Ersatzakkus für jedes Gerät',
          text: 'Akkus für Laptops, Handys, Werkzeuge, Kameras und E-Bikes mit bis zu 24 Monaten Garantie.',
          cta: 'Akkus ansehen',
        },
        nl: {
          title: 'Vervangende accu’s voor elk apparaat',
          text: 'Accu’s voor laptops, telefoons, gereedschap, camera’s en e-bikes, met tot 24 maanden garantie.',
          cta: 'Bekijk accu’s',
        },
        it: {
          title: 'Batterie di ricambio per ogni dispositivo',
          text: 'Batterie per portatili, telefoni, elettroutensili, fotocamere ed e-bike, con fino a 24 mesi di garanzia.',
          cta: 'Scopri le batterie',
        },
      },
    },
    {
      id: 'chargers',
      image: bannerImagePath('chargers'),
      link: '/cat/chargers',
      texts: {
        en: {
          title: 'Chargers that keep fleets running',
          text: 'Device, tool and battery pack chargers in bulk quantities at wholesale prices.',
          cta: 'Shop chargers',
        },
        fr: {
          title: 'Des chargeurs pour des flottes toujours prêtes',
          text: 'Chargeurs pour appareils, outils et packs de batteries, en gros volumes et à prix de gros.',
          cta: 'Voir les chargeurs',
        },
        es: {
          title: 'Cargadores que mantienen tu flota en marcha',
          text: 'Cargadores para aparatos, herramientas y packs de baterías, en grandes cantidades a precio mayorista.',
          cta: 'Ver cargadores',
        },
        de: {
          title: 'Ladegeräte, die Ihre Flotte am Laufen halten',
          text: 'Ladegeräte für Geräte, Werkzeuge und Akkupacks in großen Mengen zu Großhandelspreisen.',
          cta: 'Ladegeräte ansehen',
        },
        nl: {
          title: 'Opladers die uw vloot draaiende houden',
          text: 'Opladers voor apparaten, gereedschap en accupacks, in grote aantallen tegen groothandelsprijzen.',
          cta: 'Bekijk opladers',
        },
        it: {
          title: 'Caricabatterie che tengono in moto la tua flotta',
          text: 'Caricabatterie per dispositivi, utensili e pacchi batteria, in grandi quantità a prezzi all’ingrosso.',
          cta: 'Scopri i caricabatterie',
        },
      },
    },
  ],
};
