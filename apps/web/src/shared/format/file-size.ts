const KB = 1024;
const MB = KB * 1024;

/** A file's size for people: kB under a megabyte, MB above, one decimal, in the locale's words. */
export function formatFileSize(bytes: number, locale: string): string {
  const [value, unit] = bytes < MB ? [bytes / KB, 'kilobyte'] : [bytes / MB, 'megabyte'];
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(Math.max(value, 0.1));
}
