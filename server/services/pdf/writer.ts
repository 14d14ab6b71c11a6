// A page-flowing writer over pdfkit: paragraphs, two-column rows and boxes in the service's fonts, a page break
// before anything that would not fit, a footer on every page, and the finished file as one Buffer.
import { loadFontkit, type Face, type Weight } from './fonts';
import { breakLines, type Line } from './lines';

export interface Style {
  readonly size: number;
  readonly weight?: Weight;
  readonly color?: string;
}

export interface DocumentInfo {
  readonly title: string;
  readonly author: string;
  readonly subject: string;
}

export const COLORS = {
  text: '#1f2328',
  muted: '#57606a',
  accent: '#0b4f9c',
  rule: '#d0d7de',
  alertText: '#8a1c1c',
  alertFill: '#fdeeee',
  noteFill: '#f3f6fa',
} as const;

const MARGIN = { top: 56, bottom: 64, side: 56 };
const LINE_HEIGHT = 1.32;
/** From the top of a line box to the baseline, in ems: room above for accents, below for descenders. */
const BASELINE = 0.98;

let PDFDocument: typeof import('pdfkit') | undefined;

/**
 * pdfkit and fontkit load with the first PDF, not when the server starts: about 30 MB that a server which never
 * writes a PDF does not hold (issue 16's memory budget).
 */
export async function loadPdfKit(): Promise<void> {
  PDFDocument ??= (await import('pdfkit')).default;
  await loadFontkit();
}

export class PdfWriter {
  private readonly doc: PDFKit.PDFDocument;
  private readonly output: Promise<Buffer>;
  private readonly registered = new Set<string>();
  /** Where the next block starts on the current page. */
  y = MARGIN.top;

  constructor(info: DocumentInfo) {
    if (!PDFDocument) throw new Error('loadPdfKit() before writing a PDF');
    this.doc = new PDFDocument({
      size: 'A4',
      margin: 0,
      bufferPages: true,
      lang: 'en-US',
      displayTitle: true,
      info: { Title: info.title, Author: info.author, Subject: info.subject, Creator: info.author },
    });
    const chunks: Buffer[] = [];
    this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    this.output = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
  }

  get left(): number {
    return MARGIN.side;
  }

  get width(): number {
    return this.doc.page.width - 2 * MARGIN.side;
  }

  private get bottom(): number {
    return this.doc.page.height - MARGIN.bottom;
  }

  /** The height a page offers between its margins. */
  get pageHeight(): number {
    return this.doc.page.height - MARGIN.top - MARGIN.bottom;
  }

  /** Selects a face at a size; pdfkit 0.20 takes the parsed fontkit font (its typings predate that). */
  private use(face: Face, size: number): PDFKit.PDFDocument {
    if (!this.registered.has(face.name)) {
      this.doc.registerFont(face.name, face.font as unknown as Uint8Array);
      this.registered.add(face.name);
    }
    return this.doc.font(face.name).fontSize(size);
  }

  lines(text: string, style: Style, width: number): Line[] {
    return breakLines(text, style.weight ?? 'regular', width, (t, face) => this.use(face, style.size).widthOfString(t));
  }

  lineHeight(style: Style): number {
    return style.size * LINE_HEIGHT;
  }

  heightOf(lines: readonly Line[], style: Style): number {
    return lines.length * this.lineHeight(style);
  }

  /** Draws lines from a top edge, each fragment on one baseline whatever its font's own ascent. */
  drawLines(lines: readonly Line[], x: number, top: number, style: Style, align: 'left' | 'right' = 'left', width = 0): void {
    this.doc.fillColor(style.color ?? COLORS.text);
    lines.forEach((line, i) => {
      const baseline = top + i * this.lineHeight(style) + style.size * BASELINE;
      const lineWidth = line.reduce((sum, f) => sum + f.width, 0);
      let at = align === 'right' ? x + width - lineWidth : x;
      for (const fragment of line) {
        this.use(fragment.face, style.size).text(fragment.text, at, baseline, { lineBreak: false, baseline: 'alphabetic' });
        at += fragment.width;
      }
    });
  }

  /** Starts a new page unless `height` more points fit on this one. */
  ensure(height: number): void {
    if (this.y + height > this.bottom && this.y > MARGIN.top) this.newPage();
  }

  newPage(): void {
    this.doc.addPage();
    this.y = MARGIN.top;
  }

  space(points: number): void {
    this.y = Math.min(this.y + points, this.bottom);
  }

  /** A paragraph across the full width (or from `indent`), broken across pages line by line when long. */
  paragraph(text: string, style: Style, indent = 0): void {
    const lines = this.lines(text, style, this.width - indent);
    this.flow(lines, this.left + indent, style);
  }

  /** Lines drawn one after another, moving to a new page whenever the next one does not fit. */
  flow(lines: readonly Line[], x: number, style: Style): void {
    const lineHeight = this.lineHeight(style);
    for (const line of lines) {
      this.ensure(lineHeight);
      this.drawLines([line], x, this.y, style);
      this.y += lineHeight;
    }
  }

  /** A thin rule across the page. */
  rule(color: string = COLORS.rule): void {
    this.doc.moveTo(this.left, this.y).lineTo(this.left + this.width, this.y).lineWidth(0.75).strokeColor(color).stroke();
  }

  /** A filled box behind a block of `height` points starting at the current y. */
  fill(height: number, color: string, border?: string): void {
    const box = this.doc.roundedRect(this.left, this.y, this.width, height, 4);
    if (border) box.lineWidth(1).fillAndStroke(color, border);
    else box.fill(color);
  }

  /** Writes `footer(page, pages)` at the foot of every page, then closes the document. */
  finish(footer: (page: number, pages: number) => string): Promise<Buffer> {
    const { start, count } = this.doc.bufferedPageRange();
    const style: Style = { size: 8, color: COLORS.muted };
    for (let i = 0; i < count; i++) {
      this.doc.switchToPage(start + i);
      const top = this.doc.page.height - MARGIN.bottom + 22;
      this.doc.moveTo(this.left, top - 6).lineTo(this.left + this.width, top - 6).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
      this.drawLines(this.lines(footer(i + 1, count), style, this.width).slice(0, 1), this.left, top, style);
    }
    this.doc.end();
    return this.output;
  }
}
