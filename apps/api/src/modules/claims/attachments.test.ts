import { CLAIM_ATTACHMENT_LIMITS } from '@portal/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimAttachments, products } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { addAddress, stockProduct } from '../../test/checkout';
import { box, claimableOrder, multipartBody, type PlacedOrder } from '../../test/claims';
import { attachmentFileName, attachmentTypeOf } from './attachments';

let t: TestApp;
let owner: string;
let purchaser: string;
let accountant: string;
let other: string;
let operator: string;
let admin: string;
let battery: string;
let order: PlacedOrder;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 1)]);
const PDF = Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj <<>> endobj\n%%EOF\n', 'latin1');

beforeAll(async () => {
  t = await createTestApp();
  [owner, purchaser, accountant, other, operator, admin] = (await Promise.all(
    [
      'owner@demo.test',
      'purchaser@demo.test',
      'accountant@demo.test',
      'owner@other.test',
      'operator@demo.test',
      'admin@demo.test',
    ].map((email) => t.signIn(email)),
  )) as [string, string, string, string, string, string];
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
    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([0x20, 0, 0, 0]),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(20),
    ]);
    const sent = [
      { name: 'delivery-note', content: PDF, type: 'application/octet-stream' },
      { name: 'photo.png', content: JPEG },
      { name: 'pallet.webp', content: webp },
    ];
    const types = [];
    for (const file of sent) {
      const response = await upload(claim._id, owner, file);
      expect(response.statusCode, response.body).toBe(201);
      types.push(response.json().content_type);
    }
    expect(types).toEqual(['application/pdf', 'image/jpeg', 'image/webp']);
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
    expect(attachmentTypeOf(JPEG)).toBe('image/jpeg');
    expect(attachmentTypeOf(PDF)).toBe('application/pdf');
    expect(attachmentTypeOf(Buffer.from('GIF89a'))).toBeNull();
    expect(attachmentTypeOf(Buffer.alloc(0))).toBeNull();
  });

  it('keeps the name without folders or control characters', () => {
    expect(attachmentFileName('../../etc/passwd.jpg')).toBe('passwd.jpg');
    expect(attachmentFileName('C:\\Users\\me\\foto\u0007.png')).toBe('foto.png');
    expect(attachmentFileName('   ')).toBe('file');
    expect(attachmentFileName(undefined)).toBe('file');
    expect(attachmentFileName(`${'a'.repeat(300)}.pdf`)).toHaveLength(200);
  });
});
