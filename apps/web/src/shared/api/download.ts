import { apiRequest } from './client';

/** Saves a file made in the browser under the given name. */
export function saveBlob(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** Saves a file the API answers (a CSV template or export, a PDF) under the given name. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  saveBlob(await apiRequest<Blob>(path, { binary: true }), fileName);
}
