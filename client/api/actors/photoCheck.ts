import type { AnalyzeInput, PhotoFile, StoreInput } from '../../../machines/photoCheck.machine';
import { analyzePhoto, fixPhoto, storePhoto } from '../../../openapi/routes/photo';
import { call } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';

/** A picked file as a data URL (the spec's `imageData`): the browser's FileReader, or the tests' reader. */
export type ReadPhoto = (file: PhotoFile) => Promise<string>;

/** Spec 2-wizards §4.7 and issue 11: check, fix and keep the DS-160 photo. */
export function photoCheckCalls(http: Transport, read: ReadPhoto) {
  return {
    analyzePhoto: async ({ file }: AnalyzeInput) => (await call(http, analyzePhoto, { body: { imageData: await read(file) } })).analysis,
    fixPhoto: async ({ file }: AnalyzeInput) => call(http, fixPhoto, { body: { imageData: await read(file) } }),
    storePhoto: async ({ file, fixedImage, leadId }: StoreInput) =>
      call(http, storePhoto, { body: { imageData: fixedImage ?? (await read(file)), ...(leadId ? { leadId } : {}) } }),
  };
}

export const makePhotoCheckActors = (http: Transport, read: ReadPhoto) => actorsOf((h) => photoCheckCalls(h, read), http);

/** The browser's reader: a File (a Blob) as a data URL. */
export const readWithFileReader: ReadPhoto = (file) =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read'));
    reader.readAsDataURL(file as unknown as Blob);
  });
