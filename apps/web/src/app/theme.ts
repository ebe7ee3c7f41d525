import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// A deep "energy" blue; shade 7 keeps white text above 4.5:1 contrast.
const brand: MantineColorsTuple = [
  '#e9f1fb',
  '#d2e1f4',
  '#a6c2e8',
  '#76a1dc',
  '#4e84d1',
  '#3572c9',
  '#2663b8',
  '#1d539c',
  '#16467f',
  '#0f2f57',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // Mantine keeps a closed dropdown in the page (display: none) by default, and places it at
    // mount: a forced style recalculation of the whole page for every select and search box.
    // Drawn when opened instead (the input's aria-controls names the list only while it is open).
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

/** Darker secondary, error and link colors than Mantine's defaults, for WCAG AA contrast. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': '#c92a2a',
    '--mantine-color-anchor': brand[7],
    '--mantine-color-placeholder': '#6c757d',
  },
  dark: {},
});
