// Text split into runs that one font can draw in one direction. fontkit shapes a run and, for Arabic or Hebrew,
// lays it out right to left, so a run must not mix directions: '2 محمد' in one run would print the digit on the
// wrong side. Spaces and punctuation stay in the run they follow, so a name in one script stays one run.
import { faceFor, type Face, type Weight } from './fonts';

export interface Run {
  readonly text: string;
  readonly face: Face;
  readonly rtl: boolean;
}

const RTL = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
/** Combining marks, joiners and variation selectors belong to the character before them. */
const ATTACHED = /[\p{M}\u200c\u200d\ufe00-\ufe0f]/u;
const NEUTRAL = /[\s\p{P}\p{S}]/u;

export function fontRuns(text: string, weight: Weight): Run[] {
  const runs: Array<{ text: string; face: Face; rtl: boolean }> = [];
  for (const ch of text) {
    const codePoint = ch.codePointAt(0) as number;
    const last = runs.at(-1);
    if (last && (ATTACHED.test(ch) || (NEUTRAL.test(ch) && last.face.font.hasGlyphForCodePoint(codePoint)))) {
      last.text += ch;
      continue;
    }
    const face = faceFor(codePoint, weight);
    const rtl = RTL.test(ch);
    if (last && last.face === face && last.rtl === rtl) last.text += ch;
    else runs.push({ text: ch, face, rtl });
  }
  return runs;
}
