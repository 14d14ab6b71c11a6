import type { FixedPhoto, PhotoAnalysis } from '../../../openapi/schemas/photo';
import { decode } from './decode';
import { FaceApiDetector, type FaceDetector } from './face';
import { fixPhoto } from './fix';
import { decodeDataUrl } from './input';
import { judge } from './judge';

/**
 * The DS-160 photo check and auto-fix (spec 2-wizards §3.8, §4.7; docs/DECISIONS.md "Photo"). The check measures
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
    return fixPhoto(buffer, decoded, await this.faces.detect(decoded.pixels), (data) => this.analyze(data, field));
  }
}
