import type { Metadata, OutputInfo } from 'sharp';
import { admit, heicUnsupported, MAX_INPUT_PIXELS, MESSAGES, notAnImage, type SniffedFormat } from './input';
import type { Pixels } from './measure';
import { loadSharp } from './sharp';

/** Measures run on the photo scaled to fit this square: the smallest size the DS-160 accepts. */
const WORKING_SIDE = 600;

export /** A photo decoded once: what the file is, and its pixels (upright, on white, sRGB) at the working size. */
interface Decoded {
  format: string;
  bytes: number;
  /** As displayed, the camera orientation applied. */
  width: number;
  height: number;
  orientation: number;
  hasAlpha: boolean;
  /** The embedded colour profile, when there is one and it is not sRGB (its description). */
  foreignProfile: string | undefined;
  pixels: Pixels;
}

/** Reads a photo once: what the file is, and its pixels at the working size (a 400 naming `field` when it cannot). */
export async function decode(buffer: Buffer, field: string): Promise<Decoded> {
  const sharp = await loadSharp();
  const sniffed: SniffedFormat = admit(buffer, field);
  const unreadable = () => (sniffed === 'heic' ? heicUnsupported(field) : notAnImage(field));
  let meta: Metadata;
  try {
    // The header only: the pixel count is checked here, before anything is decoded.
    meta = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  if (!meta.width || !meta.height) throw unreadable();
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw notAnImage(field, MESSAGES.tooManyPixels);
  let raw: { data: Buffer; info: OutputInfo };
  try {
    raw = await sharp(buffer, { autoOrient: true, limitInputPixels: MAX_INPUT_PIXELS })
      .resize(WORKING_SIDE, WORKING_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw unreadable();
  }
  return {
    format: meta.format ?? sniffed,
    bytes: buffer.length,
    width: meta.autoOrient?.width ?? meta.width,
    height: meta.autoOrient?.height ?? meta.height,
    orientation: meta.orientation ?? 1,
    hasAlpha: Boolean(meta.hasAlpha),
    foreignProfile: foreignProfile(meta),
    // A copy the face detector may keep: sharp's buffer can be a view into a larger pool.
    pixels: { data: new Uint8Array(raw.data), width: raw.info.width, height: raw.info.height },
  };
}

/** The name of an embedded colour profile that is not sRGB (Display P3, Adobe RGB, a CMYK press profile …). */
function foreignProfile(meta: Metadata): string | undefined {
  if (meta.space === 'cmyk') return 'CMYK';
  if (!meta.icc) return meta.space && !['srgb', 'rgb', 'rgb16', 'b-w', 'grey16'].includes(meta.space) ? meta.space : undefined;
  const name = iccDescription(meta.icc);
  if (name === undefined) return 'the embedded colour profile';
  if (/sRGB|IEC\s*61966/i.test(name)) return undefined;
  // libvips names its Display P3 profile 'sP3C'.
  return `the ${/P3/i.test(name) ? 'Display P3' : name} profile`;
}

/** An ICC profile's description tag: ASCII in version 2 ('desc'), UTF-16 in version 4 ('mluc'). */
function iccDescription(icc: Buffer): string | undefined {
  try {
    const count = icc.readUInt32BE(128);
    for (let i = 0; i < Math.min(count, 100); i += 1) {
      const entry = 132 + i * 12;
      if (icc.toString('latin1', entry, entry + 4) !== 'desc') continue;
      const at = icc.readUInt32BE(entry + 4);
      const type = icc.toString('latin1', at, at + 4);
      if (type === 'desc') return icc.toString('latin1', at + 12, at + 12 + icc.readUInt32BE(at + 8) - 1).trim();
      if (type === 'mluc') {
        const length = icc.readUInt32BE(at + 20);
        const offset = icc.readUInt32BE(at + 24);
        return Buffer.from(icc.subarray(at + offset, at + offset + (length & ~1))).swap16().toString('utf16le').trim();
      }
    }
  } catch {
    // A truncated or odd profile: no name.
  }
  return undefined;
}
