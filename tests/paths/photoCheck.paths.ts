import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { photoCheckCalls } from '../../client/api/actors/photoCheck';
import { photoCheckMachine, type PhotoFile } from '../../machines/photoCheck.machine';
import { portrait } from '../helpers/photos';
import { injectTransport } from '../helpers/transport';
import { effectsOf, lastCall, lastHeld, type PathCase, type PathModel, type Snap, type World } from './model';

// The DS-160 photo step (spec 2-wizards §4.7, issue 11): a photo is checked and fixed by the real server, and the
// version the applicant keeps is the one stored with their lead, byte for byte; nothing else gives the form a photoId.

/** The files a path picks: what the browser says of them; their bytes are drawn once, when a path first needs them. */
const FILES = {
  compliant: { name: 'portrait.jpg', type: 'image/jpeg', size: 90_000 },
  wide: { name: 'holiday.png', type: 'image/png', size: 400_000 },
  broken: { name: 'broken.jpg', type: 'image/jpeg', size: 2_000 },
  pdf: { name: 'scan.pdf', type: 'application/pdf', size: 50_000 },
  huge: { name: 'huge.jpg', type: 'image/jpeg', size: 4 * 1024 * 1024 },
} satisfies Record<string, PhotoFile>;

const bytes = new Map<string, Buffer>();
async function drawFiles(): Promise<void> {
  if (bytes.size > 0) return;
  bytes.set(FILES.compliant.name, await portrait(800).jpeg({ quality: 85 }).toBuffer());
  // Wide, PNG, the face left of centre: the check refuses it and the fix crops it square around the face.
  bytes.set(FILES.wide.name, await portrait(700, { cx: 0.35 }, 1000).png().toBuffer());
  bytes.set(FILES.broken.name, Buffer.from('this is not a photo, whatever its name says'));
}

const read = async (file: PhotoFile) => {
  const data = bytes.get(file.name);
  if (!data) throw new Error(`no bytes drawn for ${file.name}`);
  return `data:${file.type};base64,${data.toString('base64')}`;
};

const OUTPUT = {
  analysis: { isValid: true, overallScore: 90, recommendation: 'approve', issues: [], requirements: [], feedback: '', image: {} },
  fixed: { imageData: '', changes: [{ type: 'crop', description: '' }], analysis: {} },
  stored: { photoId: 'model-photo' },
};

/** What the applicant can do in a snapshot, and how the server's calls can end, limited to the case's files. */
function moves(files: PhotoFile[], { refused = false, fix = true }: { refused?: boolean; fix?: boolean } = {}) {
  return (s: Snap): AnyEventObject[] => {
    if (s.matches('analysing')) return [{ type: 'xstate.done.actor.analyzePhoto', output: OUTPUT.analysis }, { type: 'xstate.error.actor.analyzePhoto', error: 'network' }];
    if (s.matches('fixing')) return [{ type: 'xstate.done.actor.fixPhoto', output: OUTPUT.fixed }, { type: 'xstate.error.actor.fixPhoto', error: 'network' }];
    // Another browser's lead: the server refuses to keep the photo with it.
    if (s.matches('storing')) return refused ? [{ type: 'xstate.error.actor.storePhoto', error: 'server' }] : [{ type: 'xstate.done.actor.storePhoto', output: OUTPUT.stored }, { type: 'xstate.error.actor.storePhoto', error: 'network' }];
    const picks = files.map((file) => ({ type: 'PICK', file }));
    if (s.matches({ ready: 'empty' })) return picks;
    if (s.matches({ ready: 'picked' })) return fix ? [{ type: 'ANALYZE' }] : [{ type: 'ANALYZE' }, { type: 'REMOVE' }];
    if (s.matches({ ready: 'analysed' })) return fix ? [{ type: 'FIX' }] : [{ type: 'CHOOSE', version: 'original' }, ...picks];
    if (s.matches({ ready: 'comparing' })) return [{ type: 'CHOOSE', version: 'fixed' }, { type: 'CHOOSE', version: 'original' }, { type: 'REMOVE' }];
    return [{ type: 'REMOVE' }, ...picks.slice(0, 1)];
  };
}

/** A DS-160 lead of this browser, as the form captures it before the photo step. */
async function lead(world: World): Promise<string> {
  const res = await world.http({ method: 'POST', path: '/api/leads/immediate', body: { email: 'foto@example.com', firstName: 'Maria', formType: 'DS-160' } });
  return (JSON.parse(res.text) as { leadId: string }).leadId;
}

const withLead = (world: World, input: object) => drawFiles().then(async () => ({ ...input, leadId: await lead(world) }));

const cases: PathCase[] = [
  {
    name: 'a compliant JPEG, checked and kept',
    input: { leadId: 'lead' },
    setup: withLead,
    events: moves([FILES.compliant], { fix: false }),
  },
  {
    name: 'a wide PNG, fixed, compared and one version kept',
    input: { leadId: 'lead' },
    setup: withLead,
    events: (s) => (s.matches({ ready: 'empty' }) ? [{ type: 'PICK', file: FILES.wide }] : moves([FILES.wide])(s)),
  },
  {
    // Refused here by type or size; a file that only claims to be a JPEG is refused by the server.
    name: 'files that are not a photo',
    input: { leadId: 'lead' },
    setup: withLead,
    events: (s) =>
      s.matches({ ready: 'empty' }) || s.matches({ ready: 'picked' })
        ? [{ type: 'PICK', file: FILES.pdf }, { type: 'PICK', file: FILES.huge }, { type: 'PICK', file: FILES.broken }, ...(s.matches({ ready: 'picked' }) ? [{ type: 'ANALYZE' }] : [])]
        : s.matches('analysing')
          ? [{ type: 'xstate.error.actor.analyzePhoto', error: 'server' }]
          : [],
  },
  {
    // The step opened again: the kept photo stands until another is picked or it is removed.
    name: 'the photo kept earlier',
    input: { leadId: 'lead', photoId: 'kept' },
    setup: async (world, input) => {
      const withIt = await withLead(world, input);
      const res = await world.http({ method: 'POST', path: '/api/photos', body: { imageData: await read(FILES.compliant), leadId: withIt.leadId } });
      return { ...withIt, photoId: (JSON.parse(res.text) as { photoId: string }).photoId };
    },
    events: (s) => (s.matches({ ready: 'kept' }) || s.matches({ ready: 'empty' }) || s.matches({ ready: 'picked' }) ? [{ type: 'REMOVE' }, { type: 'PICK', file: FILES.compliant }] : []),
  },
  {
    // Another browser's lead: the server refuses to keep a photo with it.
    name: 'a lead of another session',
    input: { leadId: 'lead' },
    setup: async (world, input) => withLead({ ...world, http: injectTransport(world.app) }, input),
    events: moves([FILES.compliant], { refused: true, fix: false }),
  },
];

/** While a call runs the photo cannot change. */
function busy(s: Snap) {
  expect(s.hasTag('busy')).toBe(true);
  expect(s.can({ type: 'PICK', file: FILES.compliant })).toBe(false);
  expect(s.can({ type: 'REMOVE' })).toBe(false);
}

/** The stored row of the kept photo, with its bytes. */
const row = (world: World, id: string) => world.app.db.selectFrom('photos').selectAll().where('id', '=', id).executeTakeFirst();

export const photoCheckPaths: PathModel = {
  machine: photoCheckMachine,
  budget: 45,
  calls: (http) => photoCheckCalls(http, read),
  abstraction: (s) => ({ value: s.value, file: s.context.file?.name ?? null, kept: s.context.photoId !== null, fixed: s.context.fixed !== null, problem: s.context.problem?.key ?? null }),
  cases,
  required: [
    // A fix or a store that failed, tried again and done: the failure is no longer shown.
    { name: 'a lost fix, then Fix again', case: 'a wide PNG, fixed, compared and one version kept', through: [(e) => e.type === 'xstate.error.actor.fixPhoto', (e) => e.type === 'xstate.done.actor.fixPhoto'] },
    { name: 'a lost store, then kept', case: 'a wide PNG, fixed, compared and one version kept', through: [(e) => e.type === 'xstate.error.actor.storePhoto', (e) => e.type === 'xstate.done.actor.storePhoto'] },
    { name: 'a lost check, then checked', case: 'a compliant JPEG, checked and kept', through: [(e) => e.type === 'xstate.error.actor.analyzePhoto', (e) => e.type === 'REMOVE', (e) => e.type === 'PICK'] },
  ],
  oracle: {
    initial: (s, world) => {
      expect(s.value).toEqual({ ready: world.input.photoId ? 'kept' : 'empty' });
      expect(s.context.photoId).toBe(world.input.photoId ?? null);
    },
    step: async ({ event, before, after, world, asked }) => {
      // Where each answer of the server leads, and what the applicant's choice keeps.
      const lands: Record<string, unknown> = {
        'xstate.done.actor.analyzePhoto': { ready: 'analysed' },
        'xstate.done.actor.fixPhoto': { ready: 'comparing' },
        'xstate.done.actor.storePhoto': { ready: 'kept' },
        'xstate.error.actor.fixPhoto': { ready: 'analysed' },
        'xstate.error.actor.storePhoto': { ready: before.context.fixed ? 'comparing' : 'analysed' },
        'xstate.error.actor.analyzePhoto': { ready: 'picked' },
        ANALYZE: before.matches({ ready: 'picked' }) ? 'analysing' : before.value,
        FIX: before.matches({ ready: 'analysed' }) ? 'fixing' : before.value,
        CHOOSE: before.matches({ ready: 'analysed' }) || before.matches({ ready: 'comparing' }) ? 'storing' : before.value,
      };
      if (lands[event.type]) expect(after.value).toEqual(lands[event.type]);
      if (event.type === 'xstate.error.actor.fixPhoto') expect(after.context.failure).toBe('fix');
      if (event.type === 'CHOOSE' && before.matches({ ready: 'comparing' })) {
        expect(after.value).toBe('storing');
        expect(after.context.fixed).toEqual((event as { version?: string }).version === 'fixed' ? before.context.fixed : null);
      }
      // A file taken (picked and accepted, or removed) starts the step over: nothing checked, fixed or failed yet.
      if ((event.type === 'PICK' && after.context.problem === null) || event.type === 'REMOVE') {
        if (before.matches('ready')) {
          expect(after.context.file).toEqual(event.type === 'PICK' ? (event as { file?: PhotoFile }).file : null);
          expect(after.value).toEqual({ ready: event.type === 'PICK' ? 'picked' : 'empty' });
          expect({ analysis: after.context.analysis, fixed: after.context.fixed, failure: after.context.failure }).toEqual({ analysis: null, fixed: null, failure: null });
        }
      }
      // A call that works takes away the last failure.
      if (event.type === 'xstate.done.actor.fixPhoto' || event.type === 'xstate.done.actor.storePhoto') expect(after.context.failure).toBeNull();
      // A photo not kept is nowhere: not in the machine, not with the lead.
      if (event.type === 'xstate.error.actor.storePhoto') {
        expect(after.context.failure).toBe('store');
        expect(after.context.photoId).toBeNull();
        const rows = await world.app.db.selectFrom('photos').select('id').where('lead_id', '=', world.input.leadId).execute();
        expect(rows).toEqual([]);
      }
      // A refused file changes nothing but the message: the type is checked before the size.
      if (event.type === 'PICK') {
        const { file } = event as unknown as { file: PhotoFile };
        const problem = file.type === 'application/pdf' ? 'ds160form:validation.photoFile.type' : file.size > 3 * 1024 * 1024 ? 'ds160form:validation.photoFile.size' : null;
        expect(after.context.problem?.key ?? null).toBe(problem);
        if (problem) expect(after.context.file).toBe(before.context.file);
      }
      // The form's photo field hears of every photo given up (emptied) and every photo kept, and of nothing else.
      const chosen = asked.filter((e) => e.type === 'handOff').map((e) => e.params);
      const gaveUp = before.context.photoId !== null && after.context.photoId === null;
      const kept = event.type === 'xstate.done.actor.storePhoto';
      const told = (value: string) => ({ type: 'handOff', flow: 'ds160Form', event: { type: 'FIELD.CHANGE', field: 'photoId', value } });
      expect(chosen).toEqual(gaveUp ? [told('')] : kept ? [told(after.context.photoId)] : []);
      // 'Photo Approved' or 'Photo Issues Found' (with the server's score) once per check.
      const toasts = effectsOf(world, 'toast').map((e) => e.params.toast);
      const verdicts = toasts.filter((t) => t.title !== 'ds160form:toasts.error');
      expect(verdicts).toHaveLength(world.events.filter((e) => e.type === 'xstate.done.actor.analyzePhoto').length);
      if (event.type === 'xstate.done.actor.analyzePhoto') {
        const analysis = (lastCall(world, 'POST', '/api/analyze-photo')?.response as { analysis: { isValid: boolean; overallScore: number } }).analysis;
        expect(verdicts.at(-1)).toEqual(
          analysis.isValid
            ? { title: 'ds160form:toasts.photoApproved.title', description: 'ds160form:toasts.photoApproved.description' }
            : { title: 'ds160form:toasts.photoIssues.title', description: 'ds160form:toasts.photoIssues.description', params: { score: analysis.overallScore } },
        );
      }
      // The failure toast only when the check could not run; a file the server refuses gets its own message.
      const lost = world.events.filter((e) => e.type === 'xstate.error.actor.analyzePhoto' && (e as { error?: unknown }).error !== 'server').length;
      expect(toasts.filter((t) => t.title === 'ds160form:toasts.error')).toEqual(Array.from({ length: lost }, () => ({ title: 'ds160form:toasts.error', description: 'ds160form:toasts.photoFailed', variant: 'destructive' })));
    },
    states: {
      // While a call runs the photo cannot change; otherwise the applicant may always pick or remove one.
      ready: (s) => {
        expect(s.hasTag('busy')).toBe(false);
        expect(s.can({ type: 'PICK', file: FILES.compliant })).toBe(true);
        expect(s.can({ type: 'REMOVE' })).toBe(true);
      },
      analysing: (s, world) => {
        busy(s);
        expect(lastHeld(world, 'analyzePhoto')?.input).toEqual({ file: s.context.file });
      },
      fixing: (s, world) => {
        busy(s);
        expect(lastHeld(world, 'fixPhoto')?.input).toEqual({ file: s.context.file });
      },
      storing: (s, world) => {
        busy(s);
        expect(lastHeld(world, 'storePhoto')?.input).toEqual({ file: s.context.file, fixedImage: s.context.fixed?.imageData ?? null, leadId: world.input.leadId });
      },
      'ready.analysed': (s, world) => {
        expect(s.can({ type: 'FIX' })).toBe(true);
        expect(s.can({ type: 'CHOOSE', version: 'original' })).toBe(true);
        const answer = lastCall(world, 'POST', '/api/analyze-photo');
        expect(answer?.status).toBe(200);
        expect(s.context.analysis).toEqual((answer?.response as { analysis: unknown }).analysis);
      },
      'ready.comparing': (s, world) => {
        expect(s.can({ type: 'CHOOSE', version: 'fixed' })).toBe(true);
        const answer = lastCall(world, 'POST', '/api/fix-photo');
        expect(answer?.status).toBe(200);
        expect(s.context.fixed).toEqual(answer?.response);
        // The fixed photo is what the DS-160 upload takes: a square JPEG, 600-1200 px, under 240 KB.
        const fixed = answer?.response as { imageData: string; analysis: { image: { format: string; width: number; height: number; bytes: number } } };
        expect(fixed.imageData.startsWith('data:image/jpeg;base64,')).toBe(true);
        expect(fixed.analysis.image.width).toBe(fixed.analysis.image.height);
        expect(fixed.analysis.image.width).toBeGreaterThanOrEqual(600);
        expect(fixed.analysis.image.bytes).toBeLessThanOrEqual(240 * 1024);
      },
      'ready.picked': (s, world) => {
        expect(s.can({ type: 'ANALYZE' })).toBe(true);
        // Back from a refused check: why it failed is kept for the page to say.
        const last = world.events.at(-1);
        if (last?.type === 'xstate.error.actor.analyzePhoto') {
          const answer = lastCall(world, 'POST', '/api/analyze-photo');
          expect(s.context.failure).toBe((last as { error?: unknown }).error === 'server' && answer?.status === 400 ? 'unreadable' : 'analyze');
        }
        expect(s.context.photoId).toBeNull();
      },
      'ready.empty': (s) => {
        expect(s.context.file).toBeNull();
        expect(s.context.photoId).toBeNull();
      },
      'ready.kept': async (s, world) => {
        const stored = await row(world, s.context.photoId);
        expect(stored, 'the kept photo is in the database').toBeDefined();
        expect(stored?.lead_id).toBe(world.input.leadId);
        // Kept in this path (not before it, in the case's setup): the call the machine made.
        if (!lastHeld(world, 'storePhoto')) return;
        const answer = lastCall(world, 'POST', '/api/photos');
        if (!answer) throw new Error('the photo was kept without a call');
        // Byte for byte the version chosen: the fixed photo's, or the file as picked.
        expect(s.context.photoId).toBe((answer.response as { photoId: string }).photoId);
        const sent = (answer.body as { imageData: string }).imageData;
        expect(Buffer.from(stored?.data as Buffer).equals(Buffer.from(sent.split(',')[1] as string, 'base64'))).toBe(true);
        expect(sent).toBe(s.context.fixed ? s.context.fixed.imageData : await read(s.context.file));
      },
    },
  },
};
