import type { PdfFile } from '../../machines/confirmation.machine';

/** Hands a file (a PDF the server made, or a JSON export) to the browser as a download. */
export function saveFile(file: PdfFile): void {
  const blob = new Blob([new Uint8Array(file.bytes)], { type: file.fileName.endsWith('.json') ? 'application/json' : 'application/pdf' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // After the click has handed the file over: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
