// The document around the products; each <product> element is rendered in SQL (repo.ts).

// XML 1.0 allows tab, newline, carriage return and the ranges below; anything else (other
// control characters, lone surrogates, U+FFFE/U+FFFF) makes the document ill-formed.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
// In attributes, whitespace other than a space is normalized away by parsers unless escaped.
const ATTR_SPECIAL = /[&<>"'\t\n\r]/g;
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};
const escapeAttr = (value: string) =>
  value.replace(NOT_XML_CHAR, '').replace(ATTR_SPECIAL, (char) => ENTITIES[char] ?? '');

export interface FeedHeader {
  generatedAt: Date;
  company: string;
}

export const feedHead = ({ generatedAt, company }: FeedHeader) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<catalog generated_at="${generatedAt.toISOString()}" ` +
  `currency="EUR" company="${escapeAttr(company)}">\n`;

export const feedTail = '</catalog>\n';
