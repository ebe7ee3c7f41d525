import { CLAIM_ATTACHMENT_LIMITS } from '@portal/contract';
import { crc32, deflateSync } from 'node:zlib';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimAttachments, products } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { addAddress, stockProduct } from '../../test/checkout';
import { box, claimableOrder, multipartBody, type PlacedOrder } from '../../test/claims';
import { attachmentFileName, attachmentTypeOf, thumbnailOf } from './attachments';

let t: TestApp;
let owner: string;
let purchaser: string;
let accountant: string;
let other: string;
let operator: string;
let admin: string;
let battery: string;
let order: PlacedOrder;

/** A real picture of `width` × `height` pixels in one colour, as `format`. */
const picture = (format: 'png' | 'jpeg' | 'webp', width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .toFormat(format)
    .toBuffer();
let PNG: Buffer;
let JPEG: Buffer;
let WEBP: Buffer;
/** The first bytes of a PNG file, then nothing a picture is made of. */
const FAKE_PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);
const PDF = Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj <<>> endobj\n%%EOF\n', 'latin1');

beforeAll(async () => {
  [PNG, JPEG, WEBP] = await Promise.all([picture('png'), picture('jpeg'), picture('webp')]);
  t = await createTestApp();
  ({ owner, purchaser, accountant, other, admin, operator } = await t.signInEach());
  const id = await stockProduct(t, 0, { priceCents: 10_000, quantity: 10_000 });
  const [row] = await t.db
    .select({ sku: products.sku })
    .from(products)
    .where(inArray(products.id, [id]));
  battery = row!.sku;
  const address = await addAddress(t, purchaser, 'delivery');
  order = await claimableOrder(t, { buyer: purchaser, admin }, address, [[id, 100]]);
}, 120_000);
afterAll(async () => {
  await t.close();
});

interface ClaimBody {
  _id: string;
  request_status: string;
  items: { _id: string }[];
  attachments: { _id: string; file_name: string; content_type: string; byte_size: number }[];
}

async function fileClaim(): Promise<ClaimBody> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/claims',
    headers: bearer(purchaser),
    payload: {
      kind: 'return',
      order_number: order.orderNumber,
      items: [{ sku: battery, quantity: 1, reason: 'damaged_in_transit', demand_action: 'refund' }],
      boxes: [box],
    },
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json<ClaimBody>();
}

function upload(
  claimId: string,
  token: string | undefined,
  file: { name: string; content: Buffer; type?: string } | null,
  headers: Record<string, string> = {},
) {
  const body = multipartBody(file ? { type: 'image/png', ...file } : null);
  return t.app.inject({
    method: 'POST',
    url: `/api/claims/${claimId}/attachments`,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? bearer(token) : {}), ...headers },
  });
}

const fetchAs = (url: string, token?: string, method: 'GET' | 'POST' | 'DELETE' = 'GET') =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {} });

describe('photos and files sent with a claim', () => {
  it('takes a picture from a buyer and shows it to the company and to staff, as sent', async () => {
    const claim = await fileClaim();
    expect(claim.attachments).toEqual([]);
    const added = await upload(claim._id, purchaser, { name: 'broken casing.png', content: PNG });
    expect(added.statusCode, added.body).toBe(201);
    const attachment = added.json();
    expect(attachment).toMatchObject({
      file_name: 'broken casing.png',
      content_type: 'image/png',
      byte_size: PNG.length,
      uploaded_by: expect.any(String),
    });
    const owned = await fetchAs(`/api/claims/${claim._id}`, owner);
    expect(owned.json<ClaimBody>().attachments.map((a) => a._id)).toEqual([attachment._id]);

    for (const token of [owner, purchaser, accountant]) {
      const file = await fetchAs(`/api/claims/${claim._id}/attachments/${attachment._id}`, token);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['content-disposition']).toBe('inline; filename="broken casing.png"');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.rawPayload.equals(PNG)).toBe(true);
    }
    for (const token of [operator, admin]) {
      const staff = await fetchAs(`/api/admin/claims/${claim._id}`, token);
      expect(staff.json<ClaimBody>().attachments).toHaveLength(1);
      const file = await fetchAs(
        `/api/admin/claims/${claim._id}/attachments/${attachment._id}`,
        token,
      );
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PNG)).toBe(true);
    }
  });

  it('recognises JPEG, WebP and PDF files by their content, whatever their name says', async () => {
    const claim = await fileClaim();
    const sent = [
      { name: 'delivery-note', content: PDF, type: 'application/octet-stream' },
      { name: 'photo.png', content: JPEG },
      { name: 'pallet.webp', content: WEBP },
    ];
    const types = [];
    for (const file of sent) {
      const response = await upload(claim._id, owner, file);
      expect(response.statusCode, response.body).toBe(201);
      types.push(response.json().content_type);
    }
    expect(types).toEqual(['application/pdf', 'image/jpeg', 'image/webp']);
  });

  it('makes a small WebP thumbnail of a picture, turned upright, and none of a PDF file', async () => {
    const claim = await fileClaim();
    const large = await sharp({
      create: { width: 2000, height: 1000, channels: 3, background: '#2980b9' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const photo = (
      await upload(claim._id, purchaser, { name: 'pallet.jpg', content: large, type: 'image/jpeg' })
    ).json();
    expect(photo.thumbnail).toBe(true);
    const pdf = (
      await upload(claim._id, purchaser, {
        name: 'note.pdf',
        content: PDF,
        type: 'application/pdf',
      })
    ).json();
    expect(pdf.thumbnail).toBe(false);
    const own = `/api/claims/${claim._id}/attachments`;
    const staff = `/api/admin/claims/${claim._id}/attachments`;
    for (const [url, token] of [
      [`${own}/${photo._id}/thumbnail`, accountant],
      [`${staff}/${photo._id}/thumbnail`, operator],
    ] as const) {
      const thumbnail = await fetchAs(url, token);
      expect(thumbnail.statusCode).toBe(200);
      expect(thumbnail.headers['content-type']).toBe('image/webp');
      expect(thumbnail.headers['content-disposition']).toBe('inline; filename=pallet.webp');
      const { format, width, height } = await sharp(thumbnail.rawPayload).metadata();
      // Orientation 6: the camera was held turned; the thumbnail stands upright.
      expect([format, width, height]).toEqual(['webp', 240, 480]);
    }
    expect((await fetchAs(`${own}/${pdf._id}/thumbnail`, owner)).statusCode).toBe(404);
    expect((await fetchAs(`${own}/${photo._id}/thumbnail`, other)).statusCode).toBe(404);
    expect((await fetchAs(`${staff}/${photo._id}/thumbnail`, owner)).statusCode).toBe(403);
  });

  it('refuses what is not a picture or a PDF, a missing file and one too large, naming the field in the buyer language', async () => {
    const claim = await fileClaim();
    const text = await upload(
      claim._id,
      purchaser,
      { name: 'photo.png', content: Buffer.from('<script>alert(1)</script>'), type: 'image/png' },
      { 'accept-language': 'fr' },
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().details).toEqual([
      {
        field: 'file',
        message: 'Seules les images JPEG, PNG ou WebP et les fichiers PDF sont acceptés',
      },
    ]);
    const broken = await upload(claim._id, purchaser, { name: 'photo.png', content: FAKE_PNG });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().details[0]).toEqual({
      field: 'file',
      message: 'Only JPEG, PNG or WebP pictures and PDF files are accepted',
    });
    const missing = await upload(claim._id, purchaser, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0]).toEqual({
      field: 'file',
      message: 'You have to upload a file',
    });
    const empty = await upload(claim._id, purchaser, { name: 'a.png', content: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/claims/${claim._id}/attachments`,
      headers: bearer(purchaser),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().details[0].field).toBe('file');
    const large = await upload(
      claim._id,
      purchaser,
      {
        name: 'huge.png',
        content: Buffer.concat([PNG, Buffer.alloc(CLAIM_ATTACHMENT_LIMITS.maxBytes)]),
      },
      { 'accept-language': 'de' },
    );
    expect(large.statusCode).toBe(413);
    expect(large.json().details).toEqual([
      { field: 'file', message: 'Die Datei ist größer als 10 MB' },
    ]);
    const badId = await upload('not-a-uuid', purchaser, { name: 'a.png', content: PNG });
    expect(badId.statusCode).toBe(400);
    const after = await fetchAs(`/api/claims/${claim._id}`, purchaser);
    expect(after.json<ClaimBody>().attachments).toEqual([]);
  });

  it('keeps at most ten per claim, even when they arrive at once', async () => {
    const claim = await fileClaim();
    const answers = await Promise.all(
      Array.from({ length: CLAIM_ATTACHMENT_LIMITS.maxPerClaim + 3 }, (_, index) =>
        upload(claim._id, purchaser, { name: `photo-${index}.png`, content: PNG }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(CLAIM_ATTACHMENT_LIMITS.maxPerClaim);
    expect(codes.filter((code) => code === 400)).toHaveLength(3);
    const refused = answers.find((answer) => answer.statusCode === 400)!;
    expect(refused.json().details).toEqual([
      { field: 'file', message: 'A claim holds at most 10 photos or files' },
    ]);
    const rows = await t.db
      .select({ id: claimAttachments.id })
      .from(claimAttachments)
      .where(eq(claimAttachments.claimId, claim._id));
    expect(rows).toHaveLength(CLAIM_ATTACHMENT_LIMITS.maxPerClaim);
  });

  it('lets buyers remove one while the claim is a draft, and keeps them once staff decided', async () => {
    const claim = await fileClaim();
    const first = (await upload(claim._id, purchaser, { name: 'a.png', content: PNG })).json();
    const second = (await upload(claim._id, purchaser, { name: 'b.png', content: PNG })).json();
    const url = (id: string) => `/api/claims/${claim._id}/attachments/${id}`;
    expect((await fetchAs(url(first._id), accountant, 'DELETE')).statusCode).toBe(403);
    expect((await fetchAs(url(first._id), owner, 'DELETE')).statusCode).toBe(204);
    expect((await fetchAs(url(first._id), owner)).statusCode).toBe(404);
    expect((await fetchAs(url(first._id), owner, 'DELETE')).statusCode).toBe(404);

    const approved = await fetchAs(
      `/api/admin/claims/${claim._id}/items/${claim.items[0]!._id}/approve`,
      operator,
      'POST',
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const kept = await fetchAs(url(second._id), purchaser, 'DELETE');
    expect(kept.statusCode).toBe(409);
    expect(kept.json()).toMatchObject({
      type: 'CONFLICT',
      message: 'Photos and files can no longer be removed once staff have handled the claim',
    });
    // Still open: buyers may add what staff ask for.
    expect((await upload(claim._id, purchaser, { name: 'c.png', content: PNG })).statusCode).toBe(
      201,
    );
    const closed = await fetchAs(`/api/admin/claims/${claim._id}/close`, operator, 'POST');
    expect(closed.statusCode, closed.body).toBe(200);
    const late = await upload(claim._id, purchaser, { name: 'd.png', content: PNG });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This claim is closed');
  });

  it('shows nothing of a claim to another company, a customer on the staff route, or anyone without a token', async () => {
    const claim = await fileClaim();
    const attachment = (await upload(claim._id, purchaser, { name: 'a.png', content: PNG })).json();
    const own = `/api/claims/${claim._id}/attachments/${attachment._id}`;
    const staff = `/api/admin/claims/${claim._id}/attachments/${attachment._id}`;
    expect((await upload(claim._id, other, { name: 'x.png', content: PNG })).statusCode).toBe(404);
    expect((await fetchAs(own, other)).statusCode).toBe(404);
    expect((await fetchAs(own, other, 'DELETE')).statusCode).toBe(404);
    expect((await upload(claim._id, accountant, { name: 'x.png', content: PNG })).statusCode).toBe(
      403,
    );
    for (const token of [owner, purchaser, accountant, other]) {
      expect((await fetchAs(staff, token)).statusCode).toBe(403);
    }
    expect((await upload(claim._id, undefined, { name: 'x.png', content: PNG })).statusCode).toBe(
      401,
    );
    expect((await fetchAs(own)).statusCode).toBe(401);
    expect((await fetchAs(staff)).statusCode).toBe(401);

    // An attachment id under another claim of the same company is not found either.
    const another = await fileClaim();
    const crossed = await fetchAs(
      `/api/claims/${another._id}/attachments/${attachment._id}`,
      owner,
    );
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().message).toBe('This photo or file was not found');
  });
});

describe('what a file is and what it is called', () => {
  it('reads the type from the first bytes only', () => {
    expect(attachmentTypeOf(PNG)).toBe('image/png');
    expect(attachmentTypeOf(FAKE_PNG)).toBe('image/png');
    expect(attachmentTypeOf(WEBP)).toBe('image/webp');
    expect(attachmentTypeOf(JPEG)).toBe('image/jpeg');
    expect(attachmentTypeOf(PDF)).toBe('application/pdf');
    expect(attachmentTypeOf(Buffer.from('GIF89a'))).toBeNull();
    expect(attachmentTypeOf(Buffer.alloc(0))).toBeNull();
  });

  it('refuses, before decoding it, a picture announcing more pixels than any camera makes', async () => {
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const head = Buffer.alloc(4);
      head.writeUInt32BE(data.length);
      const tail = Buffer.alloc(4);
      tail.writeUInt32BE(crc32(body));
      return Buffer.concat([head, body, tail]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(20_000, 0);
    header.writeUInt32BE(20_000, 4);
    header.set([8, 2, 0, 0, 0], 8);
    // 400 million pixels announced, a few bytes sent: a decompression bomb.
    const bomb = Buffer.concat([
      PNG.subarray(0, 8),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(1000))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(await thumbnailOf(bomb, 'image/png')).toEqual({ readable: false, thumbnail: null });
    expect((await thumbnailOf(PNG, 'image/png')).thumbnail).toBeInstanceOf(Buffer);
    expect(await thumbnailOf(PDF, 'application/pdf')).toEqual({ readable: true, thumbnail: null });
  });

  it('keeps the name without folders or control characters', () => {
    expect(attachmentFileName('../../etc/passwd.jpg')).toBe('passwd.jpg');
    expect(attachmentFileName('C:\\Users\\me\\foto\u0007.png')).toBe('foto.png');
    expect(attachmentFileName('   ')).toBe('file');
    expect(attachmentFileName(undefined)).toBe('file');
    expect(attachmentFileName(`${'a'.repeat(300)}.pdf`)).toHaveLength(200);
  });
});
