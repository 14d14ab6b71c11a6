// Measures over a decoded photo (8-bit RGB, the camera orientation applied, at most 600 px a side): the
// background, the sharpness and the exposure. Pure functions, so the thresholds are tested on their own.

export interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
}

/** A face as the detector reports it, in the pixels' coordinates. */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

const luma = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;

export function greyscale({ data, width, height }: Pixels): Float32Array {
  const grey = new Float32Array(width * height);
  for (let i = 0, p = 0; i < grey.length; i += 1, p += 3) grey[i] = luma(data[p] as number, data[p + 1] as number, data[p + 2] as number);
  return grey;
}

export interface Background {
  /** Mean brightness of the border, 0-255. */
  brightness: number;
  /** Mean chroma (max - min channel) of the border, 0-255: near 0 is neutral white or grey. */
  chroma: number;
  /** Standard deviation of the border's brightness: low is plain. */
  spread: number;
  /** Share of border pixels that are light and neutral (white or off-white). */
  whiteShare: number;
}

/**
 * The background as the border shows it: a strip along the top and down both sides over the upper two thirds
 * (the shoulders and clothes fill the bottom and the lower sides). Strips are 6% of the side.
 */
export function background({ data, width, height }: Pixels): Background {
  const strip = Math.max(2, Math.round(Math.min(width, height) * 0.06));
  const sideBottom = Math.round(height * 0.66);
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  let chromaSum = 0;
  let white = 0;
  const take = (x: number, y: number) => {
    const p = (y * width + x) * 3;
    const r = data[p] as number;
    const g = data[p + 1] as number;
    const b = data[p + 2] as number;
    const l = luma(r, g, b);
    const c = Math.max(r, g, b) - Math.min(r, g, b);
    n += 1;
    sum += l;
    sumSq += l * l;
    chromaSum += c;
    if (l >= 190 && c <= 32) white += 1;
  };
  for (let y = 0; y < strip; y += 1) for (let x = 0; x < width; x += 1) take(x, y);
  for (let y = strip; y < sideBottom; y += 1) {
    for (let x = 0; x < strip; x += 1) take(x, y);
    for (let x = width - strip; x < width; x += 1) take(x, y);
  }
  const brightness = sum / n;
  return {
    brightness,
    chroma: chromaSum / n,
    spread: Math.sqrt(Math.max(0, sumSq / n - brightness * brightness)),
    whiteShare: white / n,
  };
}

/** Share of pixels with visible colour (chroma above 16): near 0 for a black-and-white photo saved as RGB. */
export function colourShare({ data }: Pixels): number {
  let coloured = 0;
  const n = data.length / 3;
  for (let p = 0; p < data.length; p += 3) {
    const r = data[p] as number;
    const g = data[p + 1] as number;
    const b = data[p + 2] as number;
    if (Math.max(r, g, b) - Math.min(r, g, b) > 16) coloured += 1;
  }
  return n === 0 ? 0 : coloured / n;
}

export interface Sharpness {
  /**
   * Edge steepness: the strongest second differences (Laplacian) over the strongest first differences
   * (gradient), taken where the image has edges. It does not depend on contrast: a crisp edge scores about 1,
   * an edge blurred over a few pixels (Gaussian sigma 2) about 0.3.
   */
  edgeRatio: number;
  /** The classic variance of the Laplacian, for the record (it also grows with contrast and texture). */
  laplacianVariance: number;
}

/** Sharpness over the given region (the face, else the middle of the photo). */
export function sharpness(grey: Float32Array, width: number, height: number, region?: FaceBox): Sharpness {
  const x0 = Math.max(1, Math.floor(region ? region.x : width * 0.2));
  const y0 = Math.max(1, Math.floor(region ? region.y : height * 0.15));
  const x1 = Math.min(width - 1, Math.ceil(region ? region.x + region.width : width * 0.8));
  const y1 = Math.min(height - 1, Math.ceil(region ? region.y + region.height : height * 0.9));
  const lap: number[] = [];
  const grad: number[] = [];
  let sum = 0;
  let sumSq = 0;
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      const i = y * width + x;
      const c = grey[i] as number;
      const l = (grey[i - 1] as number) + (grey[i + 1] as number) + (grey[i - width] as number) + (grey[i + width] as number) - 4 * c;
      const gx = ((grey[i + 1] as number) - (grey[i - 1] as number)) / 2;
      const gy = ((grey[i + width] as number) - (grey[i - width] as number)) / 2;
      lap.push(Math.abs(l));
      grad.push(Math.hypot(gx, gy));
      sum += l;
      sumSq += l * l;
    }
  }
  const count = lap.length;
  if (count === 0) return { edgeRatio: 0, laplacianVariance: 0 };
  const mean = sum / count;
  const top = (values: number[]) => {
    // The mean of the strongest 1% (at least 20 values): the edges, not the flat skin or wall.
    const k = Math.max(20, Math.floor(values.length * 0.01));
    const sorted = Float32Array.from(values).sort();
    let s = 0;
    for (let j = sorted.length - k; j < sorted.length; j += 1) s += sorted[j] as number;
    return s / k;
  };
  const g = top(grad);
  return { edgeRatio: g < 4 ? 0 : top(lap) / g, laplacianVariance: sumSq / count - mean * mean };
}

export interface Exposure {
  /** Mean brightness of the subject (the face, else the middle). */
  brightness: number;
  /** Share of subject pixels clipped to black (< 8) or to white (> 250). */
  dark: number;
  bright: number;
}

export function exposure(grey: Float32Array, width: number, height: number, region?: FaceBox): Exposure {
  const x0 = Math.max(0, Math.floor(region ? region.x : width * 0.3));
  const y0 = Math.max(0, Math.floor(region ? region.y : height * 0.25));
  const x1 = Math.min(width, Math.ceil(region ? region.x + region.width : width * 0.7));
  const y1 = Math.min(height, Math.ceil(region ? region.y + region.height : height * 0.75));
  let n = 0;
  let sum = 0;
  let dark = 0;
  let bright = 0;
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      const l = grey[y * width + x] as number;
      n += 1;
      sum += l;
      if (l < 8) dark += 1;
      if (l > 250) bright += 1;
    }
  }
  return n === 0 ? { brightness: 0, dark: 0, bright: 0 } : { brightness: sum / n, dark: dark / n, bright: bright / n };
}
