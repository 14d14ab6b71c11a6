import type { FixedPhoto, PhotoAnalysis, PhotoChange, PhotoIssue } from '../../../openapi/schemas/photo';
import { Problem } from '../../lib/problems';
import type { FaceResult } from './face';
import { MAX_INPUT_PIXELS } from './input';
import { clamp, FORMAT_LABEL, HEAD_PER_EYES_TO_CHIN, judge, kb, percent } from './judge';
import type { Decoded } from './decode';
import { FIX_TARGET, PHOTO_RULES } from './rules';
import { loadSharp } from './sharp';

/**
 * The fix (spec 2-wizards §4.7): turned upright, sRGB, square around the face (the middle when none is found),
 * 600-1200 px, under 240 KB, never retouched; the changes made, and `analyze`'s check of the result.
 */
export async function fixPhoto(buffer: Buffer, decoded: Decoded, detection: FaceResult, analyze: (data: Buffer) => Promise<PhotoAnalysis>): Promise<FixedPhoto> {
  const before = judge(decoded, detection);
  // A photo the fix could not improve is handed back as it is: re-encoding only loses detail.
  const fixable: PhotoIssue['type'][] = ['format', 'colourSpace', 'fileSize', 'dimensions', 'square', 'face'];
  if (decoded.format === 'jpeg' && decoded.orientation <= 1 && !decoded.foreignProfile && !before.issues.some((issue) => fixable.includes(issue.type) && issue.severity !== 'minor')) {
    return { imageData: `data:image/jpeg;base64,${buffer.toString('base64')}`, changes: [], analysis: before };
  }
  const face = detection.checked ? detection.faces[0] : undefined;
  const changes: PhotoChange[] = [];
  const change = (type: PhotoChange['type'], description: string) => changes.push({ type, description });

  if (decoded.orientation > 1) change('orientation', 'Turned the photo upright (the camera had stored it sideways or upside down).');
  if (decoded.foreignProfile) change('colourspace', `Converted the colours to sRGB (from ${decoded.foreignProfile}).`);
  if (decoded.hasAlpha) change('background', 'Filled the transparent areas with white.');

  // The square, in the upright photo's pixels.
  const { width: W, height: H } = decoded;
  const scale = W / decoded.pixels.width;
  let side: number;
  let left: number;
  let top: number;
  if (face) {
    // As large as puts the head at the target share, but no larger than keeps the face centred with the eyes
    // at their height; and never so small that the head would fill more than the official maximum.
    const head = HEAD_PER_EYES_TO_CHIN * (face.chin.y - face.eyes.y) * scale;
    const ex = face.eyes.x * scale;
    const ey = face.eyes.y * scale;
    const centred = Math.min(2 * ex, 2 * (W - ex), ey / (1 - FIX_TARGET.eyes), (H - ey) / FIX_TARGET.eyes);
    side = Math.round(clamp(Math.min(head / FIX_TARGET.head, Math.max(centred, head / (PHOTO_RULES.head.max - 0.02))), 16, Math.min(W, H)));
    left = ex - side / 2;
    top = ey - side * (1 - FIX_TARGET.eyes);
  } else {
    side = Math.min(W, H);
    left = (W - side) / 2;
    top = (H - side) / 2;
  }
  left = Math.round(clamp(left, 0, W - side));
  top = Math.round(clamp(top, 0, H - side));
  if (side !== W || side !== H) {
    change(
      'crop',
      face
        ? `Cropped to a square around your face (${side}x${side} of ${W}x${H} pixels), with your head about ${percent(Math.min(1, (HEAD_PER_EYES_TO_CHIN * (face.chin.y - face.eyes.y) * scale) / side))} of the height.`
        : `Cropped the middle to a square (${side}x${side} of ${W}x${H} pixels): no face was found to crop around.`,
    );
  }

  let out = clamp(side, PHOTO_RULES.minSide, PHOTO_RULES.maxSide);
  const unchanged = changes.length === 0 && side === W && side === H && out === side;
  if (unchanged && decoded.format === 'jpeg' && decoded.bytes <= PHOTO_RULES.maxBytes) {
    // Nothing the fix can do (a head too large for the frame, say): the photo as it was, and why.
    return { imageData: `data:image/jpeg;base64,${buffer.toString('base64')}`, changes: [], analysis: before };
  }
  let encoded = await encodeUnder(buffer, { left, top, side }, out);
  while (!encoded && out > PHOTO_RULES.minSide) {
    out = Math.max(PHOTO_RULES.minSide, Math.round(out * 0.85));
    encoded = await encodeUnder(buffer, { left, top, side }, out);
  }
  if (!encoded) throw new Problem(422, 'This photo cannot be compressed under 240 KB; please take it again against a plain background.');
  if (out !== side) {
    change(
      'resize',
      out > side
        ? `Enlarged from ${side}x${side} to ${out}x${out} pixels, the smallest the DS-160 accepts (a photo taken at a higher resolution will be sharper).`
        : `Resized from ${side}x${side} to ${out}x${out} pixels.`,
    );
  }
  if (decoded.format !== 'jpeg') change('format', `Converted from ${FORMAT_LABEL[decoded.format] ?? decoded.format} to JPEG.`);
  if (decoded.format !== 'jpeg' || decoded.bytes > PHOTO_RULES.maxBytes || changes.length > 0) {
    change('compression', `Saved as a ${kb(encoded.data.length)} JPEG (quality ${encoded.quality}).`);
  }

  const analysis = await analyze(encoded.data);
  return { imageData: `data:image/jpeg;base64,${encoded.data.toString('base64')}`, changes, analysis };
}

/** The crop resized to `out` and saved as the best-quality JPEG under the limit; undefined when even the lowest does not fit. */
async function encodeUnder(input: Buffer, crop: { left: number; top: number; side: number }, out: number): Promise<{ data: Buffer; quality: number } | undefined> {
  const sharp = await loadSharp();
  const pixels = await sharp(input, { autoOrient: true, limitInputPixels: MAX_INPUT_PIXELS })
    .extract({ left: crop.left, top: crop.top, width: crop.side, height: crop.side })
    .resize(out, out, { kernel: 'lanczos3' })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const encode = (quality: number) =>
    sharp(pixels.data, { raw: { width: pixels.info.width, height: pixels.info.height, channels: 3 } })
      .jpeg({ quality, optimiseCoding: true, chromaSubsampling: '4:2:0' })
      .toBuffer();
  const [best, worst] = FIX_TARGET.qualities;
  const first = await encode(best);
  if (first.length <= FIX_TARGET.maxBytes) return { data: first, quality: best };
  // The highest quality that fits, by halving the range: about six encodings.
  let low = worst;
  let high = best - 1;
  let found: { data: Buffer; quality: number } | undefined;
  while (low <= high) {
    const quality = Math.floor((low + high) / 2);
    const data = await encode(quality);
    if (data.length <= FIX_TARGET.maxBytes) {
      found = { data, quality };
      low = quality + 1;
    } else {
      high = quality - 1;
    }
  }
  return found;
}
