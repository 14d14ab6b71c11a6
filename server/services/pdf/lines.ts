// Line breaking for text in several fonts. pdfkit wraps text in one font at a time; a name in Latin and Chinese
// needs two, and a table row must know its height before it is drawn (to move whole to the next page). So the
// text is measured piece by piece here and each line is drawn as a few single-font fragments.
import type { Face, Weight } from './fonts';
import { fontRuns } from './runs';

export interface Fragment {
  readonly text: string;
  readonly face: Face;
  readonly width: number;
}

export type Line = readonly Fragment[];

/** Width in points of `text` drawn in `face` at the size being laid out. */
export type Measure = (text: string, face: Face) => number;

interface Piece {
  text: string;
  face: Face;
  rtl: boolean;
  space: boolean;
}

/** Chinese, Japanese and Korean break between any two characters; other scripts at spaces. */
const CJK = '\\u2e80-\\u9fff\\uac00-\\ud7af\\uf900-\\ufaff\\uff00-\\uffef\\u{20000}-\\u{3ffff}';
const UNITS = new RegExp(`\\s+|[${CJK}]|[^\\s${CJK}]+`, 'gu');
/** A character with its combining marks, for breaking a word wider than the line. */
const CLUSTERS = /\P{M}\p{M}*|\p{M}+/gu;

function piecesOf(paragraph: string, weight: Weight): Piece[] {
  return fontRuns(paragraph, weight).flatMap((run) =>
    (run.text.match(UNITS) ?? []).map((text) => ({ text, face: run.face, rtl: run.rtl, space: /^\s/.test(text) })),
  );
}

/** Adjacent pieces in the same font and direction become one fragment, so words keep their spaces. */
function fragmentsOf(pieces: Piece[], measure: Measure): Line {
  const merged: Piece[] = [];
  for (const piece of pieces) {
    const last = merged.at(-1);
    if (last && last.face === piece.face && last.rtl === piece.rtl) last.text += piece.text;
    else merged.push({ ...piece });
  }
  return merged.map((p) => ({ text: p.text, face: p.face, width: measure(p.text, p.face) }));
}

/** The text broken into lines no wider than `width`; every '\n' starts a line, and an empty line stays. */
export function breakLines(text: string, weight: Weight, width: number, measure: Measure): Line[] {
  const lines: Line[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ').split('\n')) {
    let current: Piece[] = [];
    let used = 0;
    const flush = () => {
      while (current.at(-1)?.space) current.pop();
      lines.push(fragmentsOf(current, measure));
      current = [];
      used = 0;
    };
    const place = (piece: Piece, pieceWidth: number) => {
      if (piece.space) {
        if (current.length === 0) return;
      } else if (used + pieceWidth > width && current.some((p) => !p.space)) {
        flush();
      }
      current.push(piece);
      used += pieceWidth;
    };
    for (const piece of piecesOf(paragraph, weight)) {
      const pieceWidth = measure(piece.text, piece.face);
      if (piece.space || pieceWidth <= width) {
        place(piece, pieceWidth);
        continue;
      }
      for (const cluster of piece.text.match(CLUSTERS) ?? []) {
        const part = { ...piece, text: cluster };
        place(part, measure(cluster, piece.face));
      }
    }
    flush();
  }
  return lines;
}
