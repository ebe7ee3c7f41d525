import { apiRequest } from './client';

/** Saves a file the API answers (a CSV template or export, a PDF) under the given name. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const file = await apiRequest<Blob>(path, { binary: true });
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
