import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BANNER_IMAGES } from '@portal/contract';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { el, escapeXml } from './elements';
import { CATEGORY_ICONS, PRODUCT_IMAGE_KINDS, PRODUCT_IMAGE_VARIANTS } from './paths';
import { renderCategoryIcon, renderProductImage } from './svg';
import { writeDemoMedia } from './write';

const wellFormed = (svg: string) => expect(XMLValidator.validate(svg)).toBe(true);

describe('SVG rendering', () => {
  it.each(PRODUCT_IMAGE_KINDS)('draws a well-formed %s in every variant', (kind) => {
    for (let variant = 0; variant < PRODUCT_IMAGE_VARIANTS; variant++) {
      const svg = renderProductImage(kind, variant);
      wellFormed(svg);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 240 240"/);
    }
  });

  it('draws the thumbnail as the same picture at a smaller declared size', () => {
    const full = renderProductImage('solar-panel', 2);
    const thumb = renderProductImage('solar-panel', 2, 120);
    expect(full).toContain('width="480" height="480"');
    expect(thumb).toContain('width="120" height="120"');
    expect(thumb.replace('width="120" height="120"', '')).toBe(
      full.replace('width="480" height="480"', ''),
    );
  });

  it('varies the accent colour with the variant', () => {
    expect(renderProductImage('laptop-battery', 0)).not.toBe(
      renderProductImage('laptop-battery', 1),
    );
  });

  it.each(CATEGORY_ICONS)('draws a well-formed 24 × 24 %s icon', (icon) => {
    const svg = renderCategoryIcon(icon);
    wellFormed(svg);
    expect(svg).toContain('viewBox="0 0 24 24"');
  });

  it('escapes attribute values and text', () => {
    const markup = el('text', { 'data-x': `"<&'>` }, escapeXml('<script>&'));
    wellFormed(markup);
    expect(markup).toBe('<text data-x="&quot;&lt;&amp;&apos;&gt;">&lt;script&gt;&amp;</text>');
  });
});

describe('the demo pictures as files', () => {
  it('draws every picture once into the media directory, leaving existing files alone', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-media-'));
    try {
      const count =
        PRODUCT_IMAGE_KINDS.length * PRODUCT_IMAGE_VARIANTS * 2 +
        CATEGORY_ICONS.length +
        BANNER_IMAGES.length;
      expect(await writeDemoMedia(dir)).toBe(count);
      expect(await readFile(path.join(dir, 'products/inverter/3/thumb.svg'), 'utf8')).toBe(
        renderProductImage('inverter', 3, 120),
      );
      await writeFile(path.join(dir, 'categories/sun.svg'), '<svg/>');
      await rm(path.join(dir, 'banners'), { recursive: true });
      expect(await writeDemoMedia(dir)).toBe(BANNER_IMAGES.length);
      expect(await readFile(path.join(dir, 'categories/sun.svg'), 'utf8')).toBe('<svg/>');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
