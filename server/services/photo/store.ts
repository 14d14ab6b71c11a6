import { randomUUID } from 'node:crypto';
import { transact } from '../../../db/groupCommit';
import type { Executor } from '../../../db/index';
import { findLeadRow } from '../../../db/queries/leads';
import type { Owner } from '../../../db/queries/leads';
import { deleteOtherPhotos, findPhotoMeta, insertPhoto, readPhotoData } from '../../../db/queries/photos';
import type { StoredPhoto } from '../../../openapi/schemas/photo';
import { canAccess, canAccessLead, refusal, type Access } from '../access';
import { admit, decodeDataUrl, heicUnsupported, MAX_INPUT_PIXELS, MESSAGES, notAnImage } from './input';
import { loadSharp } from './sharp';

/** What the browser is told the bytes are; HEIC is not kept (the DS-160 upload and most browsers cannot open it). */
const CONTENT_TYPES = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif' } as const;

/**
 * The photo the applicant chose for the DS-160 (issue 11; docs/DECISIONS.md "Photo"): stored with its owner and lead,
 * read back only by them (or an admin), never at a public URL.
 */
export class PhotoStore {
  constructor(private readonly db: Executor) {}

  async save(owner: Owner, access: Access, imageData: string, leadId: string | undefined): Promise<StoredPhoto> {
    const { buffer } = decodeDataUrl(imageData);
    const format = admit(buffer, 'imageData');
    if (format === 'heic') throw heicUnsupported('imageData');
    const meta = await (await loadSharp())(buffer, { limitInputPixels: MAX_INPUT_PIXELS })
      .metadata()
      .catch(() => undefined);
    if (!meta?.width || !meta.height) throw notAnImage('imageData');
    if (meta.width * meta.height > MAX_INPUT_PIXELS) throw notAnImage('imageData', MESSAGES.tooManyPixels);
    if (leadId) {
      const lead = await findLeadRow(this.db, leadId);
      if (!lead || !canAccessLead(access, lead)) throw refusal(Boolean(lead));
    }
    const id = randomUUID();
    // EXIF orientation 5-8 swaps the sides as the photo is displayed.
    const turned = (meta.orientation ?? 1) >= 5;
    const row = {
      id,
      owner_token: owner.ownerToken,
      user_id: owner.userId,
      lead_id: leadId ?? null,
      content_type: CONTENT_TYPES[format],
      width: turned ? meta.height : meta.width,
      height: turned ? meta.width : meta.height,
      size_bytes: buffer.length,
      data: buffer,
      created_at: new Date().toISOString(),
    };
    await transact(this.db, async (trx) => {
      await insertPhoto(trx, row);
      await deleteOtherPhotos(trx, id, row.lead_id, row.owner_token);
    });
    return { photoId: id, contentType: row.content_type, width: row.width, height: row.height, bytes: row.size_bytes };
  }

  /**
   * The bytes, for the session that chose the photo, the account it belongs to, whoever may see its lead, or an
   * operator whose role reads leads (`staff`, checked by the caller), who is told so (`byStaff`) to log the view.
   */
  async read(access: Access, id: string, staff = false): Promise<{ contentType: string; data: Buffer; leadId: string | null; byStaff: boolean }> {
    const meta = await findPhotoMeta(this.db, id);
    if (!meta) throw refusal(false, 'photo');
    let byStaff = false;
    if (!canAccess(access, meta)) {
      const lead = meta.lead_id ? await findLeadRow(this.db, meta.lead_id) : undefined;
      if (!(lead && canAccessLead(access, lead))) {
        if (!staff) throw refusal(true, 'photo');
        byStaff = true;
      }
    }
    const data = await readPhotoData(this.db, id);
    if (!data) throw refusal(false, 'photo');
    return { contentType: meta.content_type, data, leadId: meta.lead_id, byStaff };
  }
}
