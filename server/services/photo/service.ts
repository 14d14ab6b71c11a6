import type { Metadata, OutputInfo } from 'sharp';
import type { FixedPhoto, PhotoAnalysis, PhotoChange, PhotoIssue, PhotoRequirement } from '../../../openapi/schemas/photo';
import { Problem } from '../../lib/problems';
import { FaceApiDetector, MIN_FACE_SCORE, type DetectedFace, type FaceDetector, type FaceResult } from './face';
import { admit, decodeDataUrl, heicUnsupported, MAX_INPUT_PIXELS, MESSAGES, notAnImage, type SniffedFormat } from './input';
import { loadSharp } from './sharp';
import { background, colourShare, exposure, greyscale, sharpness, type FaceBox, type Pixels } from './measure';
import { BACKGROUND, EXPOSURE, FIX_TARGET, MIN_COLOUR_SHARE, PENALTY, PHOTO_RULES, REQUIREMENT_LABELS, SHARPNESS } from './rules';

/**
 * Head height (chin to the top of the hair) from the eyes-to-chin distance, which the landmarks give reliably:
 * the eyes sit about halfway down the skull (twice the distance), and hair adds a little.
 */
const HEAD_PER_EYES_TO_CHIN = 2.1;

/** Measures run on the photo scaled to fit this square: the smallest size the DS-160 accepts. */
const WORKING_SIDE = 600;

/** A photo decoded once: what the file is, and its pixels (upright, on white, sRGB) at the working size. */
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

const FORMAT_LABEL: Record<string, string> = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', heif: 'HEIF', gif: 'GIF', tiff: 'TIFF' };

const kb = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);
const percent = (share: number) => `${Math.round(share * 100)}%`;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
/** Confidence from how far a measure sits from its threshold (0 on it, 1 far away): 50-99%. */
const confidence = (margin: number) => Math.round(clamp(50 + 50 * margin, 50, 99));

/**
 * The DS-160 photo check and auto-fix (spec 2-wizards §3.8, §4.7; DECISIONS.md "Photo"). The check measures
 * the photo against the official requirements with sharp and an in-process face detector; the fix crops,
 * turns, converts and compresses it into a file the DS-160 upload accepts, without retouching the person.
 */
export class PhotoService {
  constructor(private readonly faces: FaceDetector = new FaceApiDetector()) {}

  analyzeDataUrl(imageData: string): Promise<PhotoAnalysis> {
    return this.analyze(decodeDataUrl(imageData).buffer, 'imageData');
  }

  fixDataUrl(imageData: string): Promise<FixedPhoto> {
    return this.fix(decodeDataUrl(imageData).buffer, 'imageData');
  }

  /** `field` names where the photo came from, for a 400 (`body.imageData`, `body.photo`). */
  async analyze(buffer: Buffer, field = 'imageData'): Promise<PhotoAnalysis> {
    const decoded = await decode(buffer, field);
    return judge(decoded, await this.faces.detect(decoded.pixels));
  }

  /**
   * A corrected JPEG: upright, sRGB, square around the face (the middle when none is found), 600-1200 px,
   * under 240 KB; the changes made, and the check of the result.
   */
  async fix(buffer: Buffer, field = 'imageData'): Promise<FixedPhoto> {
    const decoded = await decode(buffer, field);
    const detection = await this.faces.detect(decoded.pixels);
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

    const analysis = await this.analyze(encoded.data, field);
    return { imageData: `data:image/jpeg;base64,${encoded.data.toString('base64')}`, changes, analysis };
  }
}

async function decode(buffer: Buffer, field: string): Promise<Decoded> {
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

/** The verdict from the measures: issues, the five requirement rows, the score and the recommendation. */
function judge(decoded: Decoded, faces: FaceResult): PhotoAnalysis {
  const issues: PhotoIssue[] = [];
  const add = (type: PhotoIssue['type'], severity: PhotoIssue['severity'], description: string, suggestion: string) =>
    issues.push({ type, severity, description, suggestion });
  const { width: w, height: h, pixels } = decoded;

  // File: JPEG, at most 240 KB.
  const isJpeg = decoded.format === 'jpeg';
  if (!isJpeg) {
    add('format', 'critical', `The photo is a ${FORMAT_LABEL[decoded.format] ?? decoded.format} file; the DS-160 accepts JPEG only.`, "Use 'Fix my photo' to convert it, or export it as JPEG.");
  }
  if (decoded.foreignProfile) {
    add(
      'colourSpace',
      'moderate',
      `The photo's colours are in ${decoded.foreignProfile.replace(/^the /, '')}; the DS-160 wants sRGB.`,
      "Use 'Fix my photo' to convert them to sRGB.",
    );
  }
  if (decoded.bytes > PHOTO_RULES.maxBytes) {
    add('fileSize', 'critical', `The file is ${kb(decoded.bytes)}; the DS-160 accepts at most 240 KB.`, "Use 'Fix my photo' to compress it under 240 KB.");
  }

  // Dimensions: square, 600-1200 px.
  if (w < PHOTO_RULES.minSide || h < PHOTO_RULES.minSide) {
    add(
      'dimensions',
      'critical',
      `The photo is ${w}x${h} pixels; it must be at least 600x600.`,
      'Take the photo again with the camera at full resolution: enlarging a small photo makes it blurry.',
    );
  } else if (w > PHOTO_RULES.maxSide || h > PHOTO_RULES.maxSide) {
    add('dimensions', 'critical', `The photo is ${w}x${h} pixels; it must be at most 1200x1200.`, "Use 'Fix my photo' to resize it.");
  }
  if (w !== h) {
    add('square', 'critical', `The photo is ${w}x${h} pixels; it must be square (as wide as it is high).`, "Use 'Fix my photo' to crop it square around your face.");
  }

  // Background: the border, white or off-white, plain.
  const bg = background(pixels);
  const backgroundAdvice = 'Stand in front of a plain white or off-white wall, with even light and no shadows or objects behind you.';
  let backgroundConfidence: number;
  if (bg.brightness < BACKGROUND.darkBrightness || bg.whiteShare < BACKGROUND.roughlyWhiteShare) {
    add('background', 'critical', 'The background is not white: it looks dark or coloured.', backgroundAdvice);
    backgroundConfidence = confidence(Math.max((BACKGROUND.roughlyWhiteShare - bg.whiteShare) / BACKGROUND.roughlyWhiteShare, (BACKGROUND.darkBrightness - bg.brightness) / 100));
  } else if (bg.whiteShare < BACKGROUND.whiteShare || bg.brightness < BACKGROUND.brightness || bg.chroma > BACKGROUND.chroma || bg.spread > BACKGROUND.spread) {
    const what = bg.brightness < BACKGROUND.brightness ? 'greyish' : bg.chroma > BACKGROUND.chroma ? 'tinted' : 'uneven (shadows, patterns or objects)';
    add('background', 'moderate', `The background is mostly light but ${what}; it must be plain white or off-white.`, backgroundAdvice);
    backgroundConfidence = 60;
  } else {
    backgroundConfidence = confidence(Math.min((bg.whiteShare - BACKGROUND.whiteShare) / (1 - BACKGROUND.whiteShare), (bg.brightness - BACKGROUND.brightness) / 40));
  }

  // Faces: exactly one, centred, head 50-69% of the height.
  const face = faces.checked && faces.faces.length === 1 ? faces.faces[0] : undefined;
  const faceRequirement = judgeFace(faces, face, pixels, add);

  // Sharpness and exposure, over the face when there is one.
  const region = face ? around(face.box, pixels) : undefined;
  const grey = greyscale(pixels);
  const focus = sharpness(grey, pixels.width, pixels.height, region);
  const light = exposure(grey, pixels.width, pixels.height, face?.box);
  let qualityConfidence = confidence(Math.min(1, (focus.edgeRatio - SHARPNESS.sharp) / 0.5));
  if (focus.edgeRatio < SHARPNESS.blurred) {
    add('sharpness', 'critical', 'The photo is blurred.', 'Hold the camera still (or use a timer), focus on your face and take the photo in good light.');
    qualityConfidence = confidence((SHARPNESS.blurred - focus.edgeRatio) / 0.4);
  } else if (focus.edgeRatio < SHARPNESS.sharp) {
    add('sharpness', 'moderate', 'The photo is slightly soft: fine details of your face are not sharp.', 'Hold the camera still, focus on your face and take the photo in good light.');
    qualityConfidence = 60;
  }
  const tooDark = light.brightness < EXPOSURE.minBrightness || light.dark > EXPOSURE.maxDark;
  const tooBright = light.brightness > EXPOSURE.maxBrightness || light.bright > EXPOSURE.maxBright;
  if (tooDark || tooBright) {
    add(
      'exposure',
      'moderate',
      tooDark ? `Your face is too dark (underexposed).` : `Your face is too bright (overexposed): parts of it are washed out.`,
      'Face a window or a soft light so your face is evenly lit, without flash glare or deep shadows.',
    );
    qualityConfidence = Math.min(qualityConfidence, 70);
  }

  if (colourShare(pixels) < MIN_COLOUR_SHARE) {
    add('colour', 'critical', 'The photo is black and white; it must be in colour.', 'Take the photo again in colour, without filters.');
    qualityConfidence = Math.min(qualityConfidence, 90);
  }

  const severities = (types: PhotoIssue['type'][]) => issues.filter((issue) => types.includes(issue.type) && issue.severity !== 'minor');
  const requirements: PhotoRequirement[] = [
    { id: 'file', requirement: REQUIREMENT_LABELS.file, passed: isJpeg && !decoded.foreignProfile && decoded.bytes <= PHOTO_RULES.maxBytes, confidence: 100, checked: true },
    { id: 'dimensions', requirement: REQUIREMENT_LABELS.dimensions, passed: severities(['dimensions', 'square']).length === 0, confidence: 100, checked: true },
    { id: 'background', requirement: REQUIREMENT_LABELS.background, passed: severities(['background']).length === 0, confidence: backgroundConfidence, checked: true },
    { id: 'quality', requirement: REQUIREMENT_LABELS.quality, passed: severities(['colour', 'sharpness', 'exposure']).length === 0, confidence: qualityConfidence, checked: true },
    { id: 'face', requirement: REQUIREMENT_LABELS.face, ...faceRequirement },
  ];

  const count = (severity: PhotoIssue['severity']) => issues.filter((issue) => issue.severity === severity).length;
  const overallScore = clamp(100 - PENALTY.critical * count('critical') - PENALTY.moderate * count('moderate') - PENALTY.minor * count('minor'), 0, 100);
  const recommendation: PhotoAnalysis['recommendation'] =
    count('critical') > 0 ? 'reject' : count('moderate') > 0 || !faceRequirement.checked ? 'needs review' : 'approve';
  const isValid = recommendation === 'approve';
  const first = issues.find((issue) => issue.severity === 'critical') ?? issues.find((issue) => issue.severity === 'moderate') ?? issues[0];
  return {
    isValid,
    overallScore,
    recommendation,
    issues,
    requirements,
    feedback: isValid
      ? 'Your photo meets all requirements!'
      : `${issues.length} issue${issues.length === 1 ? '' : 's'} found. ${first ? `${first.description} ${first.suggestion}` : ''}`.trim(),
    image: { format: decoded.format, width: w, height: h, bytes: decoded.bytes },
  };
}

/** The face requirement and its issues. */
function judgeFace(
  faces: FaceResult,
  face: DetectedFace | undefined,
  pixels: Pixels,
  add: (type: PhotoIssue['type'], severity: PhotoIssue['severity'], description: string, suggestion: string) => void,
): Omit<PhotoRequirement, 'id' | 'requirement'> {
  if (!faces.checked) {
    add(
      'faceNotChecked',
      'minor',
      'Your face, its position and the size of your head could not be checked automatically.',
      'Check them yourself: one face, looking at the camera, centred, the head (chin to top of the hair) filling about half to two thirds of the height.',
    );
    return { passed: false, confidence: 0, checked: false, note: `Not checked: ${faces.reason}` };
  }
  if (faces.faces.length === 0) {
    add('face', 'critical', 'No face was found in the photo.', 'Face the camera with your whole face visible: no sunglasses, hats or hands in front of it, and good light.');
    return { passed: false, confidence: 70, checked: true };
  }
  if (!face) {
    add('face', 'critical', `${faces.faces.length} faces were found; the photo must show only you.`, 'Take the photo alone, with nobody else in the picture.');
    return { passed: false, confidence: confidence(sure(Math.min(...faces.faces.map((f) => f.score)))), checked: true };
  }
  const { width, height } = pixels;
  const head = (HEAD_PER_EYES_TO_CHIN * (face.chin.y - face.eyes.y)) / height;
  const eyes = (height - face.eyes.y) / height;
  const offCentre = Math.abs(face.eyes.x - width / 2) / width;
  let passed = true;
  let margin = 1;
  if (head < PHOTO_RULES.head.min || head > PHOTO_RULES.head.max) {
    passed = false;
    add(
      'face',
      'moderate',
      `Your head fills about ${percent(head)} of the photo's height; it must fill 50-69%.`,
      head < PHOTO_RULES.head.min
        ? "Use 'Fix my photo' to crop closer around your face, or take the photo from closer."
        : 'Step back from the camera so your whole head and the top of your shoulders show.',
    );
  } else {
    margin = Math.min(margin, (head - PHOTO_RULES.head.min) / 0.05, (PHOTO_RULES.head.max - head) / 0.05);
  }
  if (offCentre > PHOTO_RULES.centreTolerance || eyes < PHOTO_RULES.eyes.min - 0.03 || eyes > PHOTO_RULES.eyes.max + 0.03) {
    passed = false;
    add(
      'face',
      'moderate',
      offCentre > PHOTO_RULES.centreTolerance
        ? 'Your face is not centred in the photo.'
        : `Your eyes are at ${percent(eyes)} of the height from the bottom; they must be at 56-69%.`,
      "Use 'Fix my photo' to centre it, or take the photo again looking straight at the camera, centred.",
    );
  }
  if (Math.abs(face.roll) > PHOTO_RULES.maxRoll) {
    add('face', 'minor', `Your head is tilted by about ${Math.round(Math.abs(face.roll))} degrees.`, 'Keep your head straight and level, looking directly at the camera.');
  }
  return { passed, confidence: confidence(passed ? Math.min(sure(face.score), margin) : sure(face.score)), checked: true };
}

/** The detector's score as a margin: 0 at the threshold, 1 when certain. */
const sure = (score: number) => (score - MIN_FACE_SCORE) / (1 - MIN_FACE_SCORE);

/** The face box grown by a fifth on each side (hairline, ears and chin have the edges that show focus). */
function around(box: FaceBox, { width, height }: Pixels): FaceBox {
  const x = Math.max(0, box.x - box.width * 0.2);
  const y = Math.max(0, box.y - box.height * 0.2);
  return { x, y, width: Math.min(width - x, box.width * 1.4), height: Math.min(height - y, box.height * 1.4) };
}
