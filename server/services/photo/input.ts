// What the photo endpoints accept, before any decoding: a data URL or an uploaded file, at most 3 MB, of a kind
// phones produce. Refusals carry the spec's wording (2-wizards §5.3) and a stable code the client can translate.
import { Problem } from '../../lib/problems';
import { UPLOAD_LIMIT_BYTES } from '../../lib/multipart';

export const MESSAGES = {
  notAnImage: 'Please select a valid image file',
  tooLarge: 'Photo must be less than 3MB',
  heic: 'HEIC photos cannot be read here. Please export the photo as JPEG (on an iPhone: Settings > Camera > Formats > Most Compatible) and try again.',
  tooManyPixels: 'Please select a valid image file: this one has more than 60 megapixels.',
} as const;

/** Formats the check reads. HEIC only when the server's libvips decodes it (the prebuilt one reads AVIF, not HEVC). */
export type SniffedFormat = 'jpeg' | 'png' | 'webp' | 'heic' | 'avif';

/** Decoding stops beyond this many pixels, so a small file cannot expand into gigabytes (phones make at most ~50 MP). */
export const MAX_INPUT_PIXELS = 60_000_000;

/** 400 with the spec's message, naming the field it came in (`body.imageData` or `body.photo`). */
export function notAnImage(field: string, detail?: string): Problem {
  return new Problem(400, `body.${field}: ${detail ?? MESSAGES.notAnImage}`, {}, 'photo_invalid');
}

export function tooLarge(): Problem {
  return new Problem(413, MESSAGES.tooLarge, {}, 'photo_too_large');
}

export function heicUnsupported(field: string): Problem {
  return new Problem(400, `body.${field}: ${MESSAGES.heic}`, {}, 'photo_heic_unsupported');
}

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?((?:;[\w.+-]+=[^;,]*)*);base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of a `data:<mime>;base64,…` URL; anything else is a 400 naming `body.imageData`. */
export function decodeDataUrl(imageData: string): { buffer: Buffer; mime: string } {
  const head = DATA_URL.exec(imageData.slice(0, 300));
  if (!head) throw notAnImage('imageData', `${MESSAGES.notAnImage} (send it as a data URL: data:image/jpeg;base64,…)`);
  const mime = (head[1] ?? '').toLowerCase();
  if (mime && !mime.startsWith('image/') && mime !== 'application/octet-stream') throw notAnImage('imageData');
  let payload = imageData.slice(head[0].length);
  // Some encoders wrap base64 in lines; the bytes are the same.
  if (/\s/.test(payload)) payload = payload.replace(/\s+/g, '');
  if (Math.floor((payload.length * 3) / 4) - (payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0) > UPLOAD_LIMIT_BYTES) throw tooLarge();
  if (payload.length === 0 || payload.length % 4 === 1 || !BASE64.test(payload)) throw notAnImage('imageData');
  return { buffer: Buffer.from(payload, 'base64'), mime };
}

/** The format by its first bytes, never by the name or the declared type. */
export function sniff(buffer: Buffer): SniffedFormat | undefined {
  if (buffer.length < 12) return undefined;
  if (buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'jpeg';
  if (buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buffer.toString('latin1', 0, 4) === 'RIFF' && buffer.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (buffer.toString('latin1', 4, 8) === 'ftyp') {
    // ISO base media: the major brand, then the compatible brands up to the end of the ftyp box.
    const boxSize = Math.min(buffer.readUInt32BE(0), buffer.length, 256);
    const brands = [buffer.toString('latin1', 8, 12)];
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(buffer.toString('latin1', at, at + 4));
    if (brands.some((b) => b === 'avif' || b === 'avis')) return 'avif';
    if (brands.some((b) => ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(b))) return 'heic';
  }
  return undefined;
}

/** Checks the size and kind of an upload; the format it is. */
export function admit(buffer: Buffer, field: string): SniffedFormat {
  if (buffer.length > UPLOAD_LIMIT_BYTES) throw tooLarge();
  const format = sniff(buffer);
  if (!format) throw notAnImage(field);
  return format;
}
