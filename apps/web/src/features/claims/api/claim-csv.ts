import type { Claim, ClaimCsvPreviewResponse, ClaimKind } from '@portal/contract';
import { apiUpload, type UploadProgress } from '../../../shared/api/client';
import { toBoxes, type BoxDraft } from '../claim-form';

/** The first bytes of a file, enough to tell text from a spreadsheet or a PDF. */
export async function readHead(file: File, bytes = 4096): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, bytes).arrayBuffer());
}

/** `POST /claims/csv/preview`: each row of the file with its eligibility and errors. */
export function previewClaimCsv(
  kind: ClaimKind,
  file: File,
  onProgress: (progress: UploadProgress) => void,
): Promise<ClaimCsvPreviewResponse> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  return apiUpload<ClaimCsvPreviewResponse>('/claims/csv/preview', form, onProgress);
}

/** `POST /claims/csv`: the file's valid rows become one claim with these boxes. */
export function fileClaimCsv(
  kind: ClaimKind,
  file: File,
  boxes: BoxDraft[],
  comment: string,
  onProgress: (progress: UploadProgress) => void,
): Promise<Claim> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('boxes', JSON.stringify(toBoxes(boxes)));
  if (comment.trim()) form.append('comment', comment.trim());
  // Fields first: a streaming multipart parser reads them before the file.
  form.append('file', file, file.name);
  return apiUpload<Claim>('/claims/csv', form, onProgress);
}
