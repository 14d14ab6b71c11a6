// The official DS-160 photo requirements (travel.state.gov; spec 2-wizards §9, docs/DECISIONS.md "Photo") and the
// thresholds the measures are judged by. One place, so the check and the fix agree.

export const PHOTO_RULES = {
  /** The DS-160 upload takes JPEG only. */
  format: 'jpeg',
  /** At most 240 KB (kibibytes, as the upload counts them). */
  maxBytes: 240 * 1024,
  /** Square, from 600x600 to 1200x1200 pixels. */
  minSide: 600,
  maxSide: 1200,
  /** Head (chin to crown) between 50% and 69% of the photo's height: 1 to 1 3/8 inches of 2. */
  head: { min: 0.5, max: 0.69 },
  /** Eyes between 56% and 69% of the height, measured from the bottom (1 1/8 to 1 3/8 inches of 2). */
  eyes: { min: 0.56, max: 0.69 },
  /** How far the face's axis may sit from the middle, as a share of the width. */
  centreTolerance: 0.1,
  /** A head tilted more than this many degrees is worth a look. */
  maxRoll: 8,
} as const;

/** What the fix aims for inside the official ranges: head 58% of the height, eyes 60% from the bottom. */
export const FIX_TARGET = { head: 0.58, eyes: 0.6, maxBytes: 235 * 1024, qualities: [92, 40] as const } as const;

/** Background: the share of the border that must be light and neutral, its brightness and its evenness. */
export const BACKGROUND = { whiteShare: 0.85, roughlyWhiteShare: 0.55, brightness: 200, darkBrightness: 150, chroma: 24, spread: 22 } as const;

/** Sharpness as the edge ratio (measure.ts): at or above `sharp` passes, below `blurred` is refused. */
export const SHARPNESS = { sharp: 1.0, blurred: 0.75 } as const;

/** Exposure of the face (or the middle): mean brightness and clipped shares. */
export const EXPOSURE = { minBrightness: 55, maxBrightness: 225, maxDark: 0.25, maxBright: 0.2 } as const;

/** Below this share of coloured pixels the photo is black and white (the DS-160 wants colour). */
export const MIN_COLOUR_SHARE = 0.002;

/** Points taken off the score per issue. */
export const PENALTY = { critical: 30, moderate: 12, minor: 4 } as const;

export const REQUIREMENT_LABELS = {
  file: 'JPEG file in sRGB colour, at most 240 KB',
  dimensions: 'Square, from 600x600 to 1200x1200 pixels',
  background: 'Plain white or off-white background',
  quality: 'In colour, in focus and evenly lit',
  face: "One face, centred, head 50-69% of the photo's height",
} as const;
