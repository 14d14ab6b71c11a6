import type { PhotoAnalysis, PhotoIssue, PhotoRequirement } from '../../../openapi/schemas/photo';
import { MIN_FACE_SCORE, type DetectedFace, type FaceResult } from './face';
import type { Decoded } from './decode';
import { background, colourShare, exposure, greyscale, sharpness, type FaceBox, type Pixels } from './measure';
import { BACKGROUND, EXPOSURE, MIN_COLOUR_SHARE, PENALTY, PHOTO_RULES, REQUIREMENT_LABELS, SHARPNESS } from './rules';

/**
 * Head height (chin to the top of the hair) from the eyes-to-chin distance, which the landmarks give reliably:
 * the eyes sit about halfway down the skull (twice the distance), and hair adds a little.
 */
export const HEAD_PER_EYES_TO_CHIN = 2.1;

export const FORMAT_LABEL: Record<string, string> = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', heif: 'HEIF', gif: 'GIF', tiff: 'TIFF' };
export const kb = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);
export const percent = (share: number) => `${Math.round(share * 100)}%`;
export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
/** Confidence from how far a measure sits from its threshold (0 on it, 1 far away): 50-99%. */
const confidence = (margin: number) => Math.round(clamp(50 + 50 * margin, 50, 99));

/** The verdict from the measures: issues, the five requirement rows, the score and the recommendation. */
export function judge(decoded: Decoded, faces: FaceResult): PhotoAnalysis {
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
