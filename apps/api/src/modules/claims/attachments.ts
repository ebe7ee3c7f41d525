import { createHash } from 'node:crypto';
import {
  CLAIM_ATTACHMENT_LIMITS,
  type ClaimAttachment,
  type ClaimAttachmentType,
  type ValidationKey,
} from '@portal/contract';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db, Executor, Tx } from '../../db/client';
import { claimAttachments, claims, users } from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { conflict, notFound } from '../../platform/errors';
import { MAX_PICTURE_PIXELS, pictureTypeOf, readOneFile } from '../../platform/uploads';
import { companyOf } from '../addresses';
import { validationFailed } from './problems';

type AttachmentRow = Pick<
  typeof claimAttachments.$inferSelect,
  'id' | 'claimId' | 'fileName' | 'contentType' | 'byteSize' | 'uploadedBy' | 'createdAt'
> & { hasThumbnail: boolean };

const MEGABYTES = CLAIM_ATTACHMENT_LIMITS.maxBytes / 1_048_576;

/** What the first bytes say the file is; the name and the browser's type are not trusted. */
export function attachmentTypeOf(bytes: Buffer): ClaimAttachmentType | null {
  const picture = pictureTypeOf(bytes);
  if (picture) return picture;
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

/**
 * A small WebP picture of a picture (at most THUMBNAIL_SIZE on its longest side, turned the way
 * the camera held it), or null for a PDF file. A file that starts like a picture but cannot be
 * read as one is answered null with `readable: false`.
 */
export async function thumbnailOf(
  bytes: Buffer,
  type: ClaimAttachmentType,
): Promise<{ readable: boolean; thumbnail: Buffer | null }> {
  if (type === 'application/pdf') return { readable: true, thumbnail: null };
  const size = CLAIM_ATTACHMENT_LIMITS.thumbnailSize;
  try {
    const thumbnail = await sharp(bytes, { limitInputPixels: MAX_PICTURE_PIXELS })
      .rotate()
      .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return { readable: true, thumbnail };
  } catch {
    return { readable: false, thumbnail: null };
  }
}

/** The name as sent, without folders or control characters, cut to the contract's length. */
export function attachmentFileName(name: string | undefined): string {
  const base = (name ?? '')
    .split(/[/\\]/)
    .pop()
    ?.replace(/\p{Cc}/gu, '')
    .trim();
  return (base || 'file').slice(-CLAIM_ATTACHMENT_LIMITS.fileNameMaxLength);
}

/**
 * The one file of a multipart upload (field `file`), read up to the size limit. A missing file,
 * one too large or of another kind is a VALIDATION_ERROR on `file` in the request's language.
 */
export async function readAttachmentUpload(request: FastifyRequest, ctx: RequestContext) {
  const problem = (key: ValidationKey, status = 400) =>
    validationFailed(ctx, [{ field: 'file', key, vars: { max: MEGABYTES } }], status);
  const file = await readOneFile(request, CLAIM_ATTACHMENT_LIMITS.maxBytes);
  if (file === 'too_large') throw problem('validation.attachment_too_large', 413);
  if (file === 'missing') throw problem('validation.file_required');
  const contentType = attachmentTypeOf(file.bytes);
  if (!contentType) throw problem('validation.attachment_type');
  const { readable, thumbnail } = await thumbnailOf(file.bytes, contentType);
  if (!readable) throw problem('validation.attachment_type');
  return { fileName: attachmentFileName(file.name), contentType, bytes: file.bytes, thumbnail };
}

export type AttachmentUpload = Awaited<ReturnType<typeof readAttachmentUpload>>;

const listed = {
  id: claimAttachments.id,
  claimId: claimAttachments.claimId,
  fileName: claimAttachments.fileName,
  contentType: claimAttachments.contentType,
  byteSize: claimAttachments.byteSize,
  uploadedBy: claimAttachments.uploadedBy,
  createdAt: claimAttachments.createdAt,
  hasThumbnail: isNotNull(claimAttachments.thumbnail).mapWith(Boolean),
};

function attachmentOf(row: AttachmentRow, uploader: string): ClaimAttachment {
  return {
    _id: row.id,
    file_name: row.fileName,
    content_type: row.contentType as ClaimAttachmentType,
    byte_size: row.byteSize,
    thumbnail: row.hasThumbnail,
    uploaded_by: uploader,
    created_at: row.createdAt.toISOString(),
  };
}

/** The attachments of these claims (without their bytes), oldest first, by claim id. */
export async function attachmentsOf(
  db: Executor,
  claimIds: string[],
): Promise<Map<string, ClaimAttachment[]>> {
  const rows = await db
    .select({ ...listed, firstName: users.firstName, lastName: users.lastName })
    .from(claimAttachments)
    .innerJoin(users, eq(users.id, claimAttachments.uploadedBy))
    .where(inArray(claimAttachments.claimId, claimIds))
    .orderBy(asc(claimAttachments.claimId), asc(claimAttachments.createdAt));
  const byClaim = new Map<string, ClaimAttachment[]>();
  for (const row of rows) {
    const list = byClaim.get(row.claimId) ?? [];
    list.push(attachmentOf(row, `${row.firstName} ${row.lastName}`));
    byClaim.set(row.claimId, list);
  }
  return byClaim;
}

/**
 * Locks a claim of the caller's company while its files change, so that two changes at once see
 * each other; answers its status. Another company's claim is 404.
 */
async function lockOwnClaim(tx: Tx, ctx: RequestContext, claimId: string) {
  const [claim] = await tx
    .select({ requestStatus: claims.requestStatus })
    .from(claims)
    .where(and(eq(claims.id, claimId), eq(claims.companyId, companyOf(ctx))))
    .for('update');
  if (!claim) throw notFound('errors.claim_not_found');
  return claim.requestStatus;
}

/**
 * Adds a photo or file to a claim of the caller's company (404 for another company's). The claim
 * row is locked so that two uploads at once cannot pass the limit together; a closed claim takes
 * no more files.
 */
export async function addClaimAttachment(
  db: Db,
  ctx: RequestContext,
  claimId: string,
  upload: AttachmentUpload,
): Promise<ClaimAttachment> {
  const row = await db.transaction(async (tx) => {
    const status = await lockOwnClaim(tx, ctx, claimId);
    if (status === 'closed') throw conflict('errors.claim_closed');
    const [count] = await tx
      .select({ total: sql<number>`count(*)::int` })
      .from(claimAttachments)
      .where(eq(claimAttachments.claimId, claimId));
    if ((count?.total ?? 0) >= CLAIM_ATTACHMENT_LIMITS.maxPerClaim) {
      throw validationFailed(ctx, [
        {
          field: 'file',
          key: 'validation.attachments_full',
          vars: { max: CLAIM_ATTACHMENT_LIMITS.maxPerClaim },
        },
      ]);
    }
    const [inserted] = await tx
      .insert(claimAttachments)
      .values({
        claimId,
        fileName: upload.fileName,
        contentType: upload.contentType,
        byteSize: upload.bytes.length,
        sha256: createHash('sha256').update(upload.bytes).digest('hex'),
        content: upload.bytes,
        thumbnail: upload.thumbnail,
        uploadedBy: ctx.userId,
      })
      .returning(listed);
    if (!inserted) throw new Error('addClaimAttachment: nothing inserted');
    return inserted;
  });
  const [uploader] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, ctx.userId));
  return attachmentOf(row, uploader ? `${uploader.firstName} ${uploader.lastName}` : '');
}

/**
 * The bytes of one attachment of a claim, or of its thumbnail; `companyId` null for staff.
 * Another company's claim, an attachment of another claim, or a thumbnail a PDF file does not
 * have, is 404.
 */
export async function claimAttachmentFile(
  db: Executor,
  claimId: string,
  attachmentId: string,
  companyId: string | null,
  part: 'file' | 'thumbnail' = 'file',
) {
  const [row] = await db
    .select({
      fileName: claimAttachments.fileName,
      contentType: claimAttachments.contentType,
      sha256: claimAttachments.sha256,
      content: part === 'file' ? claimAttachments.content : claimAttachments.thumbnail,
    })
    .from(claimAttachments)
    .innerJoin(claims, eq(claims.id, claimAttachments.claimId))
    .where(
      and(
        eq(claimAttachments.id, attachmentId),
        eq(claimAttachments.claimId, claimId),
        companyId ? eq(claims.companyId, companyId) : undefined,
      ),
    );
  if (!row?.content) throw notFound('errors.claim_attachment_not_found');
  return part === 'file'
    ? { ...row, content: row.content }
    : {
        fileName: row.fileName.replace(/(\.[^.]*)?$/, '.webp'),
        contentType: 'image/webp',
        sha256: `${row.sha256}-thumbnail`,
        content: row.content,
      };
}

export type AttachmentFile = Awaited<ReturnType<typeof claimAttachmentFile>>;

/**
 * Removes a photo or file from a claim of the caller's company while staff have not decided on
 * it yet (the claim is still a draft): afterwards it is part of what staff decided on.
 */
export async function deleteClaimAttachment(
  db: Db,
  ctx: RequestContext,
  claimId: string,
  attachmentId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const status = await lockOwnClaim(tx, ctx, claimId);
    if (status !== 'draft') throw conflict('errors.claim_attachment_kept');
    const deleted = await tx
      .delete(claimAttachments)
      .where(and(eq(claimAttachments.id, attachmentId), eq(claimAttachments.claimId, claimId)))
      .returning({ id: claimAttachments.id });
    if (deleted.length === 0) throw notFound('errors.claim_attachment_not_found');
  });
}

/** Answers an attachment's bytes as the file it is, under its own name. */
export function sendAttachment(reply: FastifyReply, file: AttachmentFile) {
  return reply
    .type(file.contentType)
    .header('Content-Disposition', contentDisposition(file.fileName, { type: 'inline' }))
    .header('ETag', `"${file.sha256}"`)
    .send(file.content);
}
