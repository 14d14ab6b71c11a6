import zlib from 'node:zlib';
import sharp, { type Metadata } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixedPhoto, PhotoAnalysis } from '../../openapi/schemas/photo';
import { UnavailableFaceDetector } from '../../server/services/photo/face';
import { PhotoService } from '../../server/services/photo/service';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/app';
import { dataUrl, portrait } from '../helpers/photos';

// Issue 11: the DS-160 photo check (POST /api/analyze-photo) and auto-fix (POST /api/fix-photo), on photos this
// test draws with sharp: a face (skin, hair, eyes with irises, brows, nose, mouth, shoulders) the in-process
// detector finds, placed where the official template wants it or deliberately not.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());


// Each call from its own address: the limit of 20 a minute per client is tested on its own below.
let client = 0;
function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  client += 1;
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: `10.7.${(client >> 8) & 255}.${client & 255}`,
    headers,
    payload: payload as string,
  });
}

async function analyze(buffer: Buffer, mime = 'image/jpeg'): Promise<PhotoAnalysis> {
  const res = await post('/api/analyze-photo', { imageData: dataUrl(buffer, mime), requirements: ['DS-160 compliant', 'White background', 'Photo within 6 months'] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().analysis;
}

const issue = (analysis: PhotoAnalysis, type: string) => analysis.issues.find((i) => i.type === type);
const row = (analysis: PhotoAnalysis, id: string) => analysis.requirements.find((r) => r.id === id);

/** A multipart/form-data body with one file. */
function multipart(field: string, filename: string, mime: string, content: Buffer) {
  const boundary = '----rumbo-photo-test';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('POST /api/analyze-photo', () => {
  it('approves a compliant photo: 800x800 JPEG, white background, one centred face, head about 60%', async () => {
    const photo = await portrait(800).jpeg({ quality: 85 }).toBuffer();
    const analysis = await analyze(photo);
    expect(analysis).toMatchObject({ isValid: true, recommendation: 'approve', issues: [], feedback: 'Your photo meets all requirements!' });
    expect(analysis.overallScore).toBeGreaterThanOrEqual(80);
    expect(analysis.image).toEqual({ format: 'jpeg', width: 800, height: 800, bytes: photo.length });
    expect(analysis.requirements.map((r) => r.id)).toEqual(['file', 'dimensions', 'background', 'quality', 'face']);
    for (const requirement of analysis.requirements) {
      expect(requirement, requirement.requirement).toMatchObject({ passed: true, checked: true });
      expect(requirement.confidence).toBeGreaterThanOrEqual(60);
    }
  });

  it('rejects a photo under 600x600 pixels', async () => {
    const analysis = await analyze(await portrait(400).jpeg().toBuffer());
    expect(analysis).toMatchObject({ isValid: false, recommendation: 'reject' });
    expect(issue(analysis, 'dimensions')).toMatchObject({ severity: 'critical', description: 'The photo is 400x400 pixels; it must be at least 600x600.' });
    expect(issue(analysis, 'dimensions')?.suggestion).toMatch(/full resolution/);
    expect(row(analysis, 'dimensions')).toMatchObject({ passed: false, confidence: 100 });
    expect(row(analysis, 'file')?.passed).toBe(true);
  });

  it('rejects a photo that is not square, and one over 1200 pixels', async () => {
    const wide = await analyze(await portrait(800, {}, 1000).jpeg().toBuffer());
    expect(wide.recommendation).toBe('reject');
    expect(issue(wide, 'square')).toMatchObject({ severity: 'critical', description: 'The photo is 1000x800 pixels; it must be square (as wide as it is high).' });
    expect(issue(wide, 'square')?.suggestion).toMatch(/Fix my photo/);
    expect(row(wide, 'dimensions')?.passed).toBe(false);

    const large = await analyze(await portrait(1500).jpeg({ quality: 70 }).toBuffer());
    expect(issue(large, 'dimensions')).toMatchObject({ severity: 'critical', description: 'The photo is 1500x1500 pixels; it must be at most 1200x1200.' });
  });

  it('rejects a dark background, and flags a tinted one', async () => {
    const dark = await analyze(await portrait(800, { bg: '#303030' }).jpeg().toBuffer());
    expect(dark.recommendation).toBe('reject');
    expect(issue(dark, 'background')).toMatchObject({ severity: 'critical', description: 'The background is not white: it looks dark or coloured.' });
    expect(row(dark, 'background')?.passed).toBe(false);
    expect(row(dark, 'face')?.passed).toBe(true);

    const blue = await analyze(await portrait(800, { bg: '#6fa8dc' }).jpeg().toBuffer());
    expect(issue(blue, 'background')?.severity).toBe('critical');

    const offWhite = await analyze(await portrait(800, { bg: '#f1eee6' }).jpeg().toBuffer());
    expect(issue(offWhite, 'background')).toBeUndefined();
    expect(offWhite.recommendation).toBe('approve');
  });

  it('rejects a blurred photo', async () => {
    const analysis = await analyze(await portrait(800).blur(3).jpeg().toBuffer());
    expect(analysis.recommendation).toBe('reject');
    expect(issue(analysis, 'sharpness')).toMatchObject({ severity: 'critical', description: 'The photo is blurred.' });
    expect(row(analysis, 'quality')?.passed).toBe(false);
    expect(row(analysis, 'dimensions')?.passed).toBe(true);
  });

  it('flags a face that is off-centre, too small or missing, and a second face', async () => {
    const offCentre = await analyze(await portrait(800, { cx: 0.3 }).jpeg().toBuffer());
    expect(offCentre.recommendation).toBe('needs review');
    expect(offCentre.issues).toEqual([expect.objectContaining({ type: 'face', severity: 'moderate', description: 'Your face is not centred in the photo.' })]);
    expect(offCentre.overallScore).toBeLessThan(100);

    const small = await analyze(await portrait(800, { head: 0.35 }).jpeg().toBuffer());
    expect(small.issues.find((i) => i.type === 'face')?.description).toMatch(/^Your head fills about \d+% of the photo's height; it must fill 50-69%\.$/);
    expect(row(small, 'face')?.passed).toBe(false);

    const empty = await analyze(await sharp({ create: { width: 800, height: 800, channels: 3, background: '#ffffff' } }).jpeg().toBuffer());
    expect(issue(empty, 'face')).toMatchObject({ severity: 'critical', description: 'No face was found in the photo.' });
    expect(empty.recommendation).toBe('reject');

    const pair = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#ffffff' } })
      .composite([
        { input: await portrait(400).png().toBuffer(), left: 0, top: 200 },
        { input: await portrait(400).png().toBuffer(), left: 400, top: 200 },
      ])
      .jpeg()
      .toBuffer();
    expect(issue(await analyze(pair), 'face')?.description).toBe('2 faces were found; the photo must show only you.');
  });

  it('reads PNG and WebP but reports that the DS-160 takes JPEG only', async () => {
    const png = await analyze(await portrait(800).png().toBuffer(), 'image/png');
    expect(png.image.format).toBe('png');
    expect(issue(png, 'format')).toMatchObject({ severity: 'critical', description: 'The photo is a PNG file; the DS-160 accepts JPEG only.' });
    expect(row(png, 'file')?.passed).toBe(false);
    expect(row(png, 'face')?.passed).toBe(true);

    const webp = await analyze(await portrait(800).webp().toBuffer(), 'image/webp');
    expect(issue(webp, 'format')?.description).toBe('The photo is a WebP file; the DS-160 accepts JPEG only.');
  });

  it('flags a black-and-white photo and colours that are not sRGB', async () => {
    const grey = await analyze(await portrait(800).greyscale().jpeg().toBuffer());
    expect(issue(grey, 'colour')).toMatchObject({ severity: 'critical', description: 'The photo is black and white; it must be in colour.' });
    expect(row(grey, 'quality')?.passed).toBe(false);

    const cmyk = await analyze(await portrait(800).toColourspace('cmyk').jpeg().toBuffer());
    expect(issue(cmyk, 'colourSpace')).toMatchObject({ severity: 'moderate', description: "The photo's colours are in CMYK; the DS-160 wants sRGB." });
    expect(row(cmyk, 'file')?.passed).toBe(false);
    expect(cmyk.recommendation).toBe('needs review');
  });

  it('reports a file over 240 KB', async () => {
    const noisy = await portrait(1100)
      .composite([{ input: await noise(1100, 1100), blend: 'soft-light' }])
      .jpeg({ quality: 98 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(240 * 1024);
    const analysis = await analyze(noisy);
    expect(issue(analysis, 'fileSize')).toMatchObject({ severity: 'critical', description: `The file is ${Math.ceil(noisy.length / 1024)} KB; the DS-160 accepts at most 240 KB.` });
    expect(row(analysis, 'file')?.passed).toBe(false);
  });

  it('refuses a photo over 3 MB with the spec message, as JSON and as multipart', async () => {
    const photo = await portrait(800).jpeg().toBuffer();
    const big = Buffer.concat([photo, Buffer.alloc(3.5 * 1024 * 1024 - photo.length)]);
    const json = await post('/api/analyze-photo', { imageData: dataUrl(big) });
    expect(json.statusCode).toBe(413);
    expect(json.json()).toMatchObject({ message: 'Photo must be less than 3MB', code: 'photo_too_large' });

    // Between 3 MB and the route's body limit, the decoded size decides.
    const justOver = Buffer.concat([photo, Buffer.alloc(3 * 1024 * 1024 + 1000 - photo.length)]);
    const over = await post('/api/analyze-photo', { imageData: dataUrl(justOver) });
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe('Photo must be less than 3MB');

    const form = multipart('photo', 'big.jpg', 'image/jpeg', big);
    const upload = await post('/api/analyze-photo', form.body, form.headers);
    expect(upload.statusCode).toBe(413);
    expect(upload.json().message).toBe('Photo must be less than 3MB');
  });

  it('accepts a 3 MB photo (about 4 MB as base64, over the app-wide body limit)', async () => {
    const photo = await portrait(800).jpeg().toBuffer();
    const padded = Buffer.concat([photo, Buffer.alloc(3 * 1024 * 1024 - 10 - photo.length)]);
    const analysis = await analyze(padded);
    expect(analysis.image.bytes).toBe(padded.length);
    expect(issue(analysis, 'fileSize')?.severity).toBe('critical');
    expect(row(analysis, 'face')?.passed).toBe(true);
  });

  it("refuses what is not an image with the spec's message, naming the field", async () => {
    const text = await post('/api/analyze-photo', { imageData: dataUrl(Buffer.from('not an image, just some text'), 'text/plain') });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ message: 'body.imageData: Please select a valid image file', code: 'photo_invalid' });

    const disguised = await post('/api/analyze-photo', { imageData: dataUrl(Buffer.from('%PDF-1.7 a document, not a photo'), 'image/jpeg') });
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().message).toBe('body.imageData: Please select a valid image file');

    const gif = await post('/api/analyze-photo', { imageData: dataUrl(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).gif().toBuffer(), 'image/gif') });
    expect(gif.json().message).toBe('body.imageData: Please select a valid image file');

    const truncated = (await portrait(800).jpeg().toBuffer()).subarray(0, 400);
    const broken = await post('/api/analyze-photo', { imageData: dataUrl(truncated) });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('body.imageData: Please select a valid image file');

    const notDataUrl = await post('/api/analyze-photo', { imageData: 'https://example.com/me.jpg' });
    expect(notDataUrl.statusCode).toBe(400);
    expect(notDataUrl.json().message).toMatch(/^body\.imageData: Please select a valid image file \(send it as a data URL/);

    const missing = await post('/api/analyze-photo', {});
    expect(missing.json().message).toBe('body.imageData: is required');
  });

  it('refuses an image of more pixels than a phone makes before decoding it', async () => {
    const bomb = await analyzeStatus(pngHeader(20_000, 20_000));
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().message).toBe('body.imageData: Please select a valid image file: this one has more than 60 megapixels.');
  });

  it('reads HEIC when this server can decode it, and otherwise asks for a JPEG export', async () => {
    const heic = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ffffff' } })
      .heif({ compression: 'hevc' })
      .toBuffer()
      .catch(() => undefined);
    if (heic) {
      const res = await post('/api/analyze-photo', { imageData: dataUrl(heic, 'image/heic') });
      expect(res.statusCode).toBe(200);
      expect(issue(res.json().analysis, 'format')?.severity).toBe('critical');
    } else {
      // No HEVC encoder (nor decoder) in the prebuilt libvips: an iPhone's file starts like this one.
      const res = await analyzeStatus(heicLike(), 'image/heic');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'photo_heic_unsupported' });
      expect(res.json().message).toMatch(/^body\.imageData: HEIC photos cannot be read here\. Please export the photo as JPEG/);
    }
  });

  it('takes the photo as multipart/form-data in the field "photo"', async () => {
    const photo = await portrait(800).jpeg({ quality: 85 }).toBuffer();
    const form = multipart('photo', 'me.jpg', 'image/jpeg', photo);
    const res = await post('/api/analyze-photo', form.body, form.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().analysis).toMatchObject({ isValid: true, recommendation: 'approve' });

    const wrongField = multipart('file', 'me.jpg', 'image/jpeg', photo);
    const missing = await post('/api/analyze-photo', wrongField.body, wrongField.headers);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('body.photo: is required (a file field named "photo")');

    const text = multipart('photo', 'notes.txt', 'text/plain', Buffer.from('hello'));
    const refused = await post('/api/analyze-photo', text.body, text.headers);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('body.photo: Please select a valid image file');
  });

  it('allows 20 checks a minute from one client', async () => {
    const payload = { imageData: dataUrl(Buffer.from('x')) };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      statuses.push((await t.app.inject({ method: 'POST', url: '/api/analyze-photo', remoteAddress: '10.8.0.1', payload })).statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('POST /api/fix-photo', () => {
  async function fix(buffer: Buffer, mime = 'image/jpeg'): Promise<{ fixed: FixedPhoto; jpeg: Buffer; meta: Metadata }> {
    const res = await post('/api/fix-photo', { imageData: dataUrl(buffer, mime) });
    expect(res.statusCode, res.body).toBe(200);
    const fixed = res.json() as FixedPhoto;
    expect(fixed.imageData.startsWith('data:image/jpeg;base64,')).toBe(true);
    const jpeg = Buffer.from(fixed.imageData.slice('data:image/jpeg;base64,'.length), 'base64');
    return { fixed, jpeg, meta: await sharp(jpeg).metadata() };
  }

  const compliantFile = (jpeg: Buffer, meta: Metadata) => {
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(meta.height);
    expect(meta.width).toBeGreaterThanOrEqual(600);
    expect(meta.width).toBeLessThanOrEqual(1200);
    expect(jpeg.length).toBeLessThan(240 * 1024);
  };

  it("turns a phone's sideways, oversized, non-square photo into a compliant JPEG", async () => {
    // A 4:3 phone photo stored sideways with EXIF orientation 6 (the camera's "turn 90° clockwise to view").
    const upright = await portrait(2400, { head: 0.45, eyes: 0.55 }, 3200)
      .composite([{ input: await noise(3200, 2400), blend: 'soft-light' }])
      .png()
      .toBuffer();
    const stored = await sharp(upright).rotate(-90).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    const storedMeta = await sharp(stored).metadata();
    expect(storedMeta).toMatchObject({ orientation: 6, width: 2400, height: 3200 });
    expect(stored.length).toBeGreaterThan(240 * 1024);
    expect(stored.length).toBeLessThan(3 * 1024 * 1024);

    const before = await analyze(stored);
    expect(before.recommendation).toBe('reject');
    expect(before.image).toMatchObject({ width: 3200, height: 2400 });

    const { fixed, jpeg, meta } = await fix(stored);
    compliantFile(jpeg, meta);
    expect(meta.orientation ?? 1).toBe(1);
    expect(fixed.changes.map((c) => c.type)).toEqual(['orientation', 'crop', 'resize', 'compression']);
    expect(fixed.changes[0]?.description).toBe('Turned the photo upright (the camera had stored it sideways or upside down).');
    expect(fixed.changes[1]?.description).toMatch(/^Cropped to a square around your face/);
    // Upright: the face is found where the template wants it, so the check of the result approves it.
    expect(fixed.analysis).toMatchObject({ isValid: true, recommendation: 'approve' });
    expect(fixed.analysis.image).toEqual({ format: 'jpeg', width: meta.width, height: meta.height, bytes: jpeg.length });
  });

  it('converts a PNG to JPEG and crops a wide photo square around the face', async () => {
    const { fixed, jpeg, meta } = await fix(await portrait(900, { cx: 0.35 }, 1400).png().toBuffer(), 'image/png');
    compliantFile(jpeg, meta);
    expect(fixed.changes.map((c) => c.type)).toEqual(expect.arrayContaining(['crop', 'format']));
    expect(fixed.changes.find((c) => c.type === 'format')?.description).toBe('Converted from PNG to JPEG.');
    expect(fixed.analysis.recommendation).toBe('approve');
  });

  it('converts a Display P3 photo to sRGB', async () => {
    const p3 = await portrait(800).withIccProfile('p3').jpeg({ quality: 90 }).toBuffer();
    expect((await sharp(p3).metadata()).hasProfile).toBe(true);
    const { fixed, jpeg, meta } = await fix(p3);
    compliantFile(jpeg, meta);
    expect(fixed.changes.find((c) => c.type === 'colourspace')?.description).toBe('Converted the colours to sRGB (from the Display P3 profile).');
    expect(meta).toMatchObject({ space: 'srgb', hasProfile: false });
    // The white background stays white: the colours were converted, not reinterpreted.
    const corner = await sharp(jpeg).extract({ left: 0, top: 0, width: 8, height: 8 }).raw().toBuffer();
    expect(Math.min(...corner)).toBeGreaterThan(250);
    expect(fixed.analysis.recommendation).toBe('approve');
  });

  it('enlarges a small photo to 600 pixels and says a sharper one is better', async () => {
    const { fixed, jpeg, meta } = await fix(await portrait(450).jpeg().toBuffer());
    compliantFile(jpeg, meta);
    expect(meta.width).toBe(600);
    expect(fixed.changes.find((c) => c.type === 'resize')?.description).toMatch(/^Enlarged from \d+x\d+ to 600x600 pixels/);
  });

  it('crops the middle when no face is found', async () => {
    const { fixed, jpeg, meta } = await fix(await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#ffffff' } }).jpeg().toBuffer());
    compliantFile(jpeg, meta);
    expect(meta.width).toBe(900);
    expect(fixed.changes.find((c) => c.type === 'crop')?.description).toBe('Cropped the middle to a square (900x900 of 1600x900 pixels): no face was found to crop around.');
    expect(issue(fixed.analysis, 'face')?.description).toBe('No face was found in the photo.');
  });

  it('hands back a photo that needs nothing unchanged', async () => {
    const photo = await portrait(800).jpeg({ quality: 85 }).toBuffer();
    const { fixed, jpeg } = await fix(photo);
    expect(fixed.changes).toEqual([]);
    expect(jpeg.equals(photo)).toBe(true);
    expect(fixed.analysis.recommendation).toBe('approve');
  });

  it('moves a face placed too low up to the eye line the template wants', async () => {
    const low = await portrait(800, { eyes: 0.45 }).jpeg().toBuffer();
    expect(issue(await analyze(low), 'face')?.description).toBe('Your eyes are at 45% of the height from the bottom; they must be at 56-69%.');
    const { fixed, jpeg, meta } = await fix(low);
    compliantFile(jpeg, meta);
    expect(fixed.analysis).toMatchObject({ recommendation: 'approve', issues: [] });
  });

  it('hands back a photo it cannot improve (a head too large for the frame), with the reason', async () => {
    const close = await portrait(800, { head: 0.75, eyes: 0.55 }).jpeg().toBuffer();
    const { fixed, jpeg } = await fix(close);
    expect(fixed.changes).toEqual([]);
    expect(jpeg.equals(close)).toBe(true);
    expect(issue(fixed.analysis, 'face')?.suggestion).toBe('Step back from the camera so your whole head and the top of your shoulders show.');
  });

  it('refuses what is not an image, as the check does', async () => {
    const res = await post('/api/fix-photo', { imageData: dataUrl(Buffer.from('plain text'), 'text/plain') });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('body.imageData: Please select a valid image file');
  });
});

describe('without a face detector', () => {
  it('reports the face requirement as not checked, and never approves', async () => {
    const photos = new PhotoService(new UnavailableFaceDetector('no detector in this test'));
    const analysis = await photos.analyze(await portrait(800).jpeg({ quality: 85 }).toBuffer());
    expect(row(analysis, 'face')).toMatchObject({ passed: false, checked: false, confidence: 0, note: 'Not checked: no detector in this test' });
    expect(issue(analysis, 'faceNotChecked')?.severity).toBe('minor');
    expect(analysis.recommendation).toBe('needs review');
    expect(analysis.isValid).toBe(false);
    expect(analysis.requirements.filter((r) => r.id !== 'face').every((r) => r.passed)).toBe(true);
  });
});

describe('the chosen photo, kept with the lead', () => {
  const capture = async (email: string) => {
    const res = await post('/api/leads/immediate', { email, firstName: 'Maria', formType: 'DS-160' });
    return { leadId: res.json().leadId as string, cookie: sessionCookie(res) as string };
  };
  const store = (cookie: string, body: object) => post('/api/photos', body, { cookie });
  const read = (cookie: string | undefined, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/photos/${id}`, ...(cookie ? { headers: { cookie } } : {}) });

  it('stores the fixed photo for its lead and gives the same bytes back only to that session, never cached', async () => {
    const mine = await capture('photo-owner@example.com');
    const fixed = await post('/api/fix-photo', { imageData: dataUrl(await portrait(1600, {}, 2000).jpeg({ quality: 95 }).toBuffer()) });
    const { imageData } = fixed.json() as FixedPhoto;
    const res = await store(mine.cookie, { imageData, leadId: mine.leadId });
    expect(res.statusCode, res.body).toBe(201);
    const stored = res.json();
    expect(stored).toMatchObject({ contentType: 'image/jpeg', width: 1200, height: 1200 });
    const back = await read(mine.cookie, stored.photoId);
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('image/jpeg');
    expect(back.headers['cache-control']).toBe('private, no-store');
    expect(back.rawPayload.equals(Buffer.from(imageData.split(',')[1] as string, 'base64'))).toBe(true);

    const other = await capture('someone-else@example.com');
    expect((await read(other.cookie, stored.photoId)).statusCode).toBe(403);
    expect((await read(undefined, stored.photoId)).statusCode).toBe(403);
    expect((await read(mine.cookie, '00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
  });

  it("keeps one photo a lead: choosing another removes the first; another session's lead is refused", async () => {
    const mine = await capture('photo-twice@example.com');
    const first = (await store(mine.cookie, { imageData: dataUrl(await portrait(800).jpeg().toBuffer()), leadId: mine.leadId })).json();
    const second = await store(mine.cookie, { imageData: dataUrl(await portrait(700).png().toBuffer(), 'image/png'), leadId: mine.leadId });
    expect(second.json()).toMatchObject({ contentType: 'image/png', width: 700, height: 700 });
    expect((await read(mine.cookie, first.photoId)).statusCode).toBe(404);
    expect((await read(mine.cookie, second.json().photoId)).statusCode).toBe(200);

    const other = await capture('photo-thief@example.com');
    const refused = await store(other.cookie, { imageData: dataUrl(await portrait(800).jpeg().toBuffer()), leadId: mine.leadId });
    expect(refused.statusCode).toBe(403);
  });

  it("lets a form name only a photo kept for its lead, and a photo kept before the lead joins it", async () => {
    const mine = await capture('photo-named@example.com');
    const early = (await store(mine.cookie, { imageData: dataUrl(await portrait(800).jpeg().toBuffer()) })).json();
    const patch = (cookie: string, leadId: string, photoId: string) =>
      t.app.inject({ method: 'PATCH', url: `/api/leads/${leadId}/update`, headers: { cookie }, payload: { formData: { 'photo-submission': { hasPhoto: 'Yes', photoId } } } });
    expect((await patch(mine.cookie, mine.leadId, early.photoId)).statusCode).toBe(200);
    const row = await t.app.db.selectFrom('photos').select('lead_id').where('id', '=', early.photoId).executeTakeFirstOrThrow();
    expect(row.lead_id).toBe(mine.leadId);

    const other = await capture('photo-borrower@example.com');
    const refused = await patch(other.cookie, other.leadId, early.photoId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^body\.formData\.photo-submission\.photoId: /);
    expect((await patch(mine.cookie, mine.leadId, 'no-such-photo')).statusCode).toBe(400);
  });

  it('refuses what is not an image, and a photo over 3 MB, as the check does', async () => {
    const mine = await capture('photo-bad@example.com');
    const bad = await store(mine.cookie, { imageData: dataUrl(Buffer.from('%PDF-1.7 not a photo at all'), 'application/pdf') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^body\.imageData: Please select a valid image file/);
    const big = await store(mine.cookie, { imageData: dataUrl(Buffer.alloc(3.2 * 1024 * 1024, 1)) });
    expect(big.statusCode).toBe(413);
  });
});

// ── Test images ────────────────────────────────────────────────────────────────────────────────────────────

/** Mid-grey noise (deterministic), to make a file large the way a camera's sensor noise does. */
function noise(width: number, height: number): Promise<Buffer> {
  const data = Buffer.alloc(width * height);
  let seed = 42;
  for (let i = 0; i < data.length; i += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    data[i] = 128 + ((seed >> 16) % 48) - 24;
  }
  return sharp(data, { raw: { width, height, channels: 1 } }).toColourspace('srgb').png().toBuffer();
}

function analyzeStatus(buffer: Buffer, mime = 'image/png') {
  return post('/api/analyze-photo', { imageData: dataUrl(buffer, mime) });
}

/** A PNG that declares `width` x `height` pixels and holds one tiny compressed row: what a decompression bomb looks like. */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(width * 3 + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of an iPhone HEIC file: an ISO-BMFF `ftyp` box with the heic brands, then an HEVC payload we cannot decode. */
function heicLike(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypheic', 4, 'latin1');
  ftyp.writeUInt32BE(0, 12);
  ftyp.write('mif1heic', 16, 'latin1');
  return Buffer.concat([ftyp, Buffer.alloc(2000, 7)]);
}
