/**
 * The sub-states of a chat call whose reply streams (issue 13): waiting for the first piece, then streaming
 * while PIECE events add to `partial` (each machine's `appendPiece`). The chat machines spread this into their
 * sending state.
 */
export const streamingReply = {
  initial: 'waiting' as const,
  states: {
    waiting: { on: { PIECE: { target: 'streaming' as const, actions: 'appendPiece' as const } } },
    streaming: { on: { PIECE: { actions: 'appendPiece' as const } } },
  },
};
