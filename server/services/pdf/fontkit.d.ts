// fontkit ships no types; this is the little of it the PDF service calls (pdfkit depends on it and accepts its
// parsed fonts since 0.20).
declare module 'fontkit' {
  export interface Font {
    readonly postscriptName: string;
    readonly unitsPerEm: number;
    readonly ascent: number;
    readonly descent: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
