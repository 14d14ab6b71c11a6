// The pieces both PDFs are built from: the header, section headings, label/value rows, boxed notices, bullets.
import { COLORS, type PdfWriter, type Style } from './writer';

export const TEXT: Style = { size: 10 };
export const STRONG: Style = { size: 10, weight: 'bold' };
export const LABEL: Style = { size: 9, color: COLORS.muted };
export const SMALL: Style = { size: 8.5, color: COLORS.muted };
const HEADING: Style = { size: 12, weight: 'bold', color: COLORS.accent };

const ROW_GAP = 5;
const COLUMN_GAP = 14;
const PAD = 9;

/** Every page's foot: who issued it, for which order, and where the page sits. */
export function footer(brandName: string, confirmationNumber: string) {
  return (page: number, pages: number) => `${brandName} · Confirmation ${confirmationNumber} · Page ${page} of ${pages}`;
}

export function header(w: PdfWriter, brandName: string, title: string, subtitle?: string): void {
  w.paragraph(brandName, { size: 18, weight: 'bold', color: COLORS.accent });
  w.space(2);
  w.paragraph(title, { size: 15, weight: 'bold' });
  if (subtitle) w.paragraph(subtitle, { size: 10, color: COLORS.muted });
  w.space(8);
  w.rule(COLORS.accent);
  w.space(12);
}

/** A heading kept on the same page as at least the first lines under it. */
export function heading(w: PdfWriter, text: string): void {
  w.space(8);
  w.ensure(w.lineHeight(HEADING) + 3 * w.lineHeight(TEXT));
  w.paragraph(text, HEADING);
  w.space(3);
  w.rule();
  w.space(5);
}

export interface Row {
  readonly label: string;
  readonly value: string;
  readonly valueStyle?: Style;
  /** A smaller line under the value (the A–Z copy of an answer). */
  readonly note?: { readonly text: string; readonly style: Style };
}

/**
 * A label beside its value. A row moves whole to the next page when it does not fit; only a row taller than a
 * page (a long free-text answer) is split, its value flowing on.
 */
export function row(w: PdfWriter, r: Row, labelShare = 0.36): void {
  const labelWidth = w.width * labelShare;
  const valueX = w.left + labelWidth + COLUMN_GAP;
  const valueWidth = w.width - labelWidth - COLUMN_GAP;
  const valueStyle = r.valueStyle ?? TEXT;
  const labelLines = w.lines(r.label, LABEL, labelWidth);
  const valueLines = w.lines(r.value, valueStyle, valueWidth);
  const noteLines = r.note ? w.lines(r.note.text, r.note.style, valueWidth) : [];
  const noteGap = r.note ? 2 : 0;
  const valueHeight = w.heightOf(valueLines, valueStyle) + noteGap + (r.note ? w.heightOf(noteLines, r.note.style) : 0);
  const height = Math.max(w.heightOf(labelLines, LABEL), valueHeight);
  // The label's first baseline sits on the value's, though its type is smaller.
  const labelDrop = (valueStyle.size - LABEL.size) * 0.98;

  if (height <= w.pageHeight) {
    w.ensure(height);
    w.drawLines(labelLines, w.left, w.y + labelDrop, LABEL);
    w.drawLines(valueLines, valueX, w.y, valueStyle);
    if (r.note) w.drawLines(noteLines, valueX, w.y + w.heightOf(valueLines, valueStyle) + noteGap, r.note.style);
    w.y += height;
  } else {
    w.ensure(w.heightOf(labelLines, LABEL));
    w.drawLines(labelLines, w.left, w.y + labelDrop, LABEL);
    w.flow(valueLines, valueX, valueStyle);
    if (r.note) {
      w.space(noteGap);
      w.flow(noteLines, valueX, r.note.style);
    }
  }
  w.y += ROW_GAP;
}

/** A boxed paragraph: an alert (red) for an unpaid receipt, a note (grey-blue) for everything else. */
export function notice(w: PdfWriter, text: string, kind: 'alert' | 'note', style: Style = TEXT): void {
  const boxStyle: Style = kind === 'alert' ? { ...style, weight: 'bold', color: COLORS.alertText } : style;
  const lines = w.lines(text, boxStyle, w.width - 2 * PAD);
  const height = w.heightOf(lines, boxStyle) + 2 * PAD;
  w.ensure(height);
  w.fill(height, kind === 'alert' ? COLORS.alertFill : COLORS.noteFill, kind === 'alert' ? COLORS.alertText : undefined);
  w.drawLines(lines, w.left + PAD, w.y + PAD, boxStyle);
  w.y += height + 8;
}

export function bullets(w: PdfWriter, items: readonly string[], style: Style = TEXT): void {
  for (const item of items) {
    const lines = w.lines(item, style, w.width - 14);
    w.ensure(w.heightOf(lines, style));
    w.drawLines(w.lines('•', style, 10), w.left + 2, w.y, style);
    w.flow(lines, w.left + 14, style);
    w.y += 2;
  }
}
