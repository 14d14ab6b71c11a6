import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { draftAfter, hasWords, sentText } from '../../machines/domain/composer';

// The chats' message box: SEND sends the quick answer's words if it has them, else the draft's, trimmed.
describe("a chat's message box", () => {
  it("sends the draft's words, trimmed, and empties the box", () => {
    expect(sentText('  hello there ', { type: 'SEND' })).toBe('hello there');
    expect(hasWords('  hello ', { type: 'SEND' })).toBe(true);
    expect(draftAfter('hello', { type: 'SEND' })).toBe('');
  });

  it('sends a quick answer as it is and leaves the draft in the box', () => {
    expect(sentText('my draft', { type: 'SEND', text: ' Yes ' })).toBe('Yes');
    expect(draftAfter('my draft', { type: 'SEND', text: 'Yes' })).toBe('my draft');
    expect(hasWords('', { type: 'SEND', text: 'Yes' })).toBe(true);
  });

  it('sends nothing for blanks, nor for any event but SEND', () => {
    expect(hasWords('   ', { type: 'SEND' })).toBe(false);
    expect(hasWords('', { type: 'SEND', text: '  ' })).toBe(false);
    expect(hasWords('words', { type: 'TYPE' })).toBe(false);
    fc.assert(
      fc.property(fc.string(), fc.option(fc.string(), { nil: undefined }), (draft, text) => {
        const words = (text ?? draft).trim();
        expect(hasWords(draft, { type: 'SEND', text })).toBe(words !== '');
        expect(sentText(draft, { type: 'SEND', text })).toBe(words);
      }),
    );
  });
});
