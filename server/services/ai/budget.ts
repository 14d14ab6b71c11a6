// One time budget per user turn (issue 32): the whole turn answers within the engine's `turnMs` (12 s). The reading
// of the answer may take the first part of it; the reply streams in what is left, and past the end the built-in
// engine completes it. A model that is slow costs the applicant some seconds, never the reply.

export class TurnBudget {
  private readonly end: number;
  /** Aborts when the turn's time is up. */
  readonly signal: AbortSignal;

  constructor(ms: number) {
    const whole = Math.max(0, Math.floor(ms));
    this.end = Date.now() + whole;
    this.signal = AbortSignal.timeout(whole);
  }

  remaining(): number {
    return Math.max(0, this.end - Date.now());
  }

  /** A signal for the next step that may use `share` of what is left (the reading: about half). */
  part(share: number): AbortSignal {
    return AbortSignal.any([this.signal, AbortSignal.timeout(Math.floor(this.remaining() * share))]);
  }

  /** What is left, less a margin for the built-in engine to finish the reply and the row to be written. */
  rest(marginMs = 500): AbortSignal {
    return AbortSignal.any([this.signal, AbortSignal.timeout(Math.max(0, this.remaining() - marginMs))]);
  }
}

/** The share of a turn the reading of the answer may use; the reply has the rest. */
export const READING_SHARE = 0.45;
