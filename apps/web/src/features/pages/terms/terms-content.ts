import type { Locale } from '@portal/contract';

export interface TermsContent {
  intro: string;
  sections: { title: string; paragraphs: string[] }[];
}

/** The legal text is long: each language is its own chunk, loaded with the terms page only. */
export async function loadTermsContent(locale: Locale): Promise<TermsContent> {
  const module = (await import(`./content/${locale}.json`)) as { default: TermsContent };
  return module.default;
}

export const TERMS_UPDATED_AT = '2026-01-15';
