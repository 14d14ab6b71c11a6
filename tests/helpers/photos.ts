import sharp from 'sharp';

// Photos drawn with sharp for the photo check's tests: a face (skin, hair, eyes with irises, brows, nose, mouth,
// shoulders) the in-process detector finds, placed where the official template wants it or deliberately not.

export interface Portrait {
  /** Head height (chin to the top of the hair) as a share of the height. */
  head?: number;
  /** The eyes' height from the bottom, as a share of the height. */
  eyes?: number;
  /** The face's axis, as a share of the width. */
  cx?: number;
  bg?: string;
}

/** A head-and-shoulders portrait as SVG, `size` pixels square (or `width` wide). */
export function portraitSvg(size: number, { head = 0.6, eyes = 0.6, cx = 0.5, bg = '#ffffff' }: Portrait = {}, width = size): string {
  const S = size;
  const H = head * S;
  const W = H * 0.72;
  const x = cx * width;
  const y = (1 - eyes) * S; // the eyes' line
  const fy = y + H * 0.06;
  const fw = W * 0.86;
  const fh = H * 0.78;
  const ey = y;
  const ex = fw * 0.2;
  const eye = (s: number) => `
    <path d="M ${x + s * ex - fw * 0.11} ${ey - fh * 0.07} Q ${x + s * ex} ${ey - fh * 0.11} ${x + s * ex + fw * 0.11} ${ey - fh * 0.07}" stroke="#2b1a0e" stroke-width="${fh * 0.022}" fill="none"/>
    <ellipse cx="${x + s * ex}" cy="${ey}" rx="${fw * 0.09}" ry="${fh * 0.035}" fill="#fafafa"/>
    <circle cx="${x + s * ex}" cy="${ey}" r="${fh * 0.028}" fill="#4a2e1a"/>
    <circle cx="${x + s * ex}" cy="${ey}" r="${fh * 0.013}" fill="#000"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${S}">
  <defs><radialGradient id="skin" cx="50%" cy="45%" r="60%"><stop offset="0%" stop-color="#e8b894"/><stop offset="80%" stop-color="#c98d66"/><stop offset="100%" stop-color="#a8704f"/></radialGradient></defs>
  <rect width="100%" height="100%" fill="${bg}"/>
  <ellipse cx="${x}" cy="${y + H * 0.62}" rx="${W * 0.95}" ry="${H * 0.25}" fill="#2a3a5a"/>
  <rect x="${x - W * 0.18}" y="${fy + fh * 0.35}" width="${W * 0.36}" height="${H * 0.3}" fill="#c08560"/>
  <ellipse cx="${x}" cy="${y - H * 0.08}" rx="${W * 0.55}" ry="${H * 0.45}" fill="#3b2616"/>
  <ellipse cx="${x}" cy="${fy}" rx="${fw / 2}" ry="${fh / 2}" fill="url(#skin)"/>
  <path d="M ${x - fw * 0.5} ${fy - fh * 0.1} Q ${x} ${fy - fh * 0.75} ${x + fw * 0.5} ${fy - fh * 0.1} L ${x + fw * 0.45} ${fy - fh * 0.3} Q ${x} ${fy - fh * 0.5} ${x - fw * 0.45} ${fy - fh * 0.3} Z" fill="#3b2616"/>
  ${eye(-1)}${eye(1)}
  <path d="M ${x} ${ey + fh * 0.04} L ${x - fw * 0.06} ${fy + fh * 0.16} Q ${x} ${fy + fh * 0.2} ${x + fw * 0.06} ${fy + fh * 0.16}" stroke="#9a6040" stroke-width="${fh * 0.012}" fill="none"/>
  <path d="M ${x - fw * 0.16} ${fy + fh * 0.28} Q ${x} ${fy + fh * 0.36} ${x + fw * 0.16} ${fy + fh * 0.28} Q ${x} ${fy + fh * 0.31} ${x - fw * 0.16} ${fy + fh * 0.28}" fill="#a04848"/>
</svg>`;
}

export const portrait = (size: number, options: Portrait = {}, width = size) => sharp(Buffer.from(portraitSvg(size, options, width)));
export const dataUrl = (buffer: Buffer, mime = 'image/jpeg') => `data:${mime};base64,${buffer.toString('base64')}`;
