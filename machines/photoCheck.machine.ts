import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import type { FixedPhoto, PhotoAnalysis, StoredPhoto } from '../openapi/schemas/photo';
import { failureToast, toast, type WorldEffect } from './effects';
import { validatePhotoFile } from './domain/ds160Sections';
import type { ValidationError } from './domain/validators';
import { ownEntry } from './domain/ownEntry';

/** A picked file as the machine sees it; the browser's File is one. Its bytes are read by the actors. */
export interface PhotoFile {
  readonly name: string;
  readonly type: string;
  readonly size: number;
}

export interface PhotoCheckInput {
  /** The photo already kept with the application (the form's photoId), when the step is opened again. */
  photoId?: string | null;
  /** The lead the chosen photo is kept with, when there is one yet. */
  leadId?: string | null;
  /** The form's field that holds the kept photo's id (the photo step's photoId). */
  field?: string;
}

/** Which photo the applicant keeps: the one they picked, or the fixed one. */
export type PhotoVersion = 'original' | 'fixed';

export type PhotoFailure = 'analyze' | 'fix' | 'store' | 'heic' | 'unreadable';

/** The server's reasons for refusing the file itself, which another try of the same file cannot change. */
const UNREADABLE: Record<string, PhotoFailure> = { photo_heic_unsupported: 'heic', photo_invalid: 'unreadable', photo_too_large: 'unreadable' };
const refusalOf = (error: unknown): PhotoFailure | undefined => ownEntry(UNREADABLE, String((error as { code?: unknown } | null)?.code));

export interface PhotoCheckContext {
  file: PhotoFile | null;
  /** Why the last picked file was refused (type or size), in the validator library's terms. */
  problem: ValidationError | null;
  analysis: PhotoAnalysis | null;
  fixed: FixedPhoto | null;
  photoId: string | null;
  leadId: string | null;
  /** The form's field that holds the kept photo's id. */
  field: string;
  /** The call that failed last, shown beside the photo until the next step ('heic': a HEIC the server cannot read). */
  failure: PhotoFailure | null;
}

export type PhotoCheckEvent =
  | { type: 'PICK'; file: PhotoFile }
  | { type: 'REMOVE' }
  | { type: 'ANALYZE' }
  | { type: 'FIX' }
  | { type: 'CHOOSE'; version: PhotoVersion };

export interface AnalyzeInput {
  file: PhotoFile;
}
export interface StoreInput {
  file: PhotoFile;
  /** The fixed photo's data URL when the applicant keeps it; else the picked file is sent. */
  fixedImage: string | null;
  leadId: string | null;
}

const fresh = { problem: null, analysis: null, fixed: null, failure: null } as const;

/** The kept photo's id for the form's field that holds it (empty when none is kept, as a cleared field is). */
const photoHandOff = (field: string, photoId: string | null): WorldEffect => ({ type: 'handOff', flow: 'ds160Form', event: { type: 'FIELD.CHANGE', field, value: photoId ?? '' } });


/**
 * The DS-160 photo step's check and fix (spec 2-wizards §3.8, §4.7; issue 11): pick a photo (checked here for
 * type and size), check it on request, fix it on request and compare before and after, then keep one version
 * with the application. Only a kept photo gives the form its photoId; picking or removing a photo takes it back.
 */
export const photoCheckMachine = setup({
  types: { input: {} as PhotoCheckInput, context: {} as PhotoCheckContext, events: {} as PhotoCheckEvent, emitted: {} as WorldEffect },
  actors: {
    /** POST /api/analyze-photo; provided by the client. */
    analyzePhoto: fromPromise<PhotoAnalysis, AnalyzeInput>(async () => {
      throw new Error('analyzePhoto is provided by the caller');
    }),
    /** POST /api/fix-photo; provided by the client. */
    fixPhoto: fromPromise<FixedPhoto, AnalyzeInput>(async () => {
      throw new Error('fixPhoto is provided by the caller');
    }),
    /** POST /api/photos; provided by the client. */
    storePhoto: fromPromise<StoredPhoto, StoreInput>(async () => {
      throw new Error('storePhoto is provided by the caller');
    }),
  },
  actions: {
    /** The form's photoId follows the kept photo (null when there is none): handed to the form on the page. */
    photoChosen: emit(({ context }, params: { photoId: string | null }) => photoHandOff(context.field, params.photoId)),
    /** 'Photo Approved' or 'Photo Issues Found' with the score (spec §8). */
    announceAnalysis: emit((_, params: { analysis: PhotoAnalysis }) =>
      params.analysis.isValid
        ? toast('ds160form:toasts.photoApproved.title', 'ds160form:toasts.photoApproved.description')
        : toast('ds160form:toasts.photoIssues.title', 'ds160form:toasts.photoIssues.description', { params: { score: params.analysis.overallScore } }),
    ),
    /** 'Failed to analyze photo. Please try again.' */
    announceAnalyzeFailed: emit(failureToast('ds160form:toasts.error', 'ds160form:toasts.photoFailed')),
    /** The kept photo is given up once another is picked or the photo is removed. */
    release: enqueueActions(({ context, enqueue }) => {
      if (context.photoId === null) return;
      enqueue.assign({ photoId: null });
      enqueue.emit(photoHandOff(context.field, null));
    }),
  },
  guards: {
    isAcceptedFile: (_, params: { file: PhotoFile }) => validatePhotoFile(params.file) === null,
    isRefusedFile: (_, params: { error: unknown }) => refusalOf(params.error) !== undefined,
    choseFixed: (_, params: { version: PhotoVersion }) => params.version === 'fixed',
    hadPhoto: ({ context }) => context.photoId !== null,
    wasFixed: ({ context }) => context.fixed !== null,
  },
}).createMachine({
  id: 'photoCheck',
  context: ({ input }) => ({ file: null, ...fresh, photoId: input.photoId ?? null, leadId: input.leadId ?? null, field: input.field ?? 'photoId' }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'hadPhoto', target: 'ready.kept' }, { target: 'ready.empty' }] },
    // The applicant may pick, remove and choose: nothing is being sent (a pick waits for the server's answer).
    ready: {
      on: {
        // A refused file changes nothing but the message; an accepted one starts over with it.
        PICK: [
          {
            guard: { type: 'isAcceptedFile', params: ({ event }) => ({ file: event.file }) },
            target: '.picked',
            actions: ['release', assign({ file: ({ event }) => event.file, ...fresh })],
          },
          { actions: assign({ problem: ({ event }) => validatePhotoFile(event.file) }) },
        ],
        REMOVE: { target: '.empty', actions: ['release', assign({ file: null, ...fresh })] },
      },
      initial: 'empty',
      states: {
        empty: {},
        picked: { on: { ANALYZE: '#photoCheck.analysing' } },
        // Nothing is fixed yet here (a fix done goes on to comparing): the picked file is what is kept.
        analysed: { on: { FIX: '#photoCheck.fixing', CHOOSE: '#photoCheck.storing' } },
        // Before and after side by side: the applicant keeps one.
        comparing: {
          on: {
            CHOOSE: [
              { guard: { type: 'choseFixed', params: ({ event }) => ({ version: event.version }) }, target: '#photoCheck.storing' },
              { target: '#photoCheck.storing', actions: assign({ fixed: null }) },
            ],
          },
        },
        // Kept with the application: the form may move on.
        kept: {},
      },
    },
    analysing: {
      tags: ['busy'],
      invoke: {
        id: 'analyzePhoto',
        src: 'analyzePhoto',
        input: ({ context }) => ({ file: context.file as PhotoFile }),
        onDone: {
          target: 'ready.analysed',
          actions: [assign({ analysis: ({ event }) => event.output }), { type: 'announceAnalysis', params: ({ event }) => ({ analysis: event.output }) }],
        },
        onError: [
          {
            guard: { type: 'isRefusedFile', params: ({ event }) => ({ error: event.error }) },
            target: 'ready.picked',
            actions: assign({ failure: ({ event }) => refusalOf(event.error) ?? null }),
          },
          { target: 'ready.picked', actions: [assign({ failure: 'analyze' }), 'announceAnalyzeFailed'] },
        ],
      },
    },
    fixing: {
      tags: ['busy'],
      invoke: {
        id: 'fixPhoto',
        src: 'fixPhoto',
        input: ({ context }) => ({ file: context.file as PhotoFile }),
        onDone: { target: 'ready.comparing', actions: assign({ fixed: ({ event }) => event.output, failure: null }) },
        onError: { target: 'ready.analysed', actions: assign({ failure: 'fix' }) },
      },
    },
    storing: {
      tags: ['busy'],
      invoke: {
        id: 'storePhoto',
        src: 'storePhoto',
        input: ({ context }) => ({ file: context.file as PhotoFile, fixedImage: context.fixed?.imageData ?? null, leadId: context.leadId }),
        onDone: {
          target: 'ready.kept',
          actions: [assign({ photoId: ({ event }) => event.output.photoId, failure: null }), { type: 'photoChosen', params: ({ event }) => ({ photoId: event.output.photoId }) }],
        },
        onError: [
          { guard: 'wasFixed', target: 'ready.comparing', actions: assign({ failure: 'store' }) },
          { target: 'ready.analysed', actions: assign({ failure: 'store' }) },
        ],
      },
    },
  },
});

