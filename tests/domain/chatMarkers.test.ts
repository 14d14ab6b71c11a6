import { describe, expect, it } from 'vitest';
import { inlineError, parseReply } from '../../machines/domain/chatMarkers';
import { draftAfter, hasWords, sentText } from '../../machines/domain/composer';

describe('parseReply (spec 3-ai §3 markers)', () => {
  it.each([
    ['Hola', [{ kind: 'text', text: 'Hola' }]],
    [
      'Anotado.\n¿Cuál es tu correo?\n[INPUT:email:¿Cuál es tu correo?]',
      [{ kind: 'text', text: 'Anotado.\n¿Cuál es tu correo?' }, { kind: 'input', type: 'email', label: '¿Cuál es tu correo?' }],
    ],
    ['Elige: [CHECKOUT:Pro] o no', [{ kind: 'text', text: 'Elige:' }, { kind: 'checkout', plan: 'pro' }, { kind: 'text', text: 'o no' }]],
    ['[INPUT:country:Country] [INPUT:date:Arrival]', [{ kind: 'input', type: 'country', label: 'Country' }, { kind: 'input', type: 'date', label: 'Arrival' }]],
    ['[INPUT:color:Favourite]', [{ kind: 'text', text: '[INPUT:color:Favourite]' }]],
    ['[INPUT:text:unclosed', [{ kind: 'text', text: '[INPUT:text:unclosed' }]],
  ])('%j', (content, parts) => expect(parseReply(content)).toEqual(parts));
});

describe('inlineError (spec 3-ai §5)', () => {
  it.each([
    ['text', '  ', 'aivisa:inline.required'],
    ['text', 'Ana', null],
    ['email', 'ana', 'aivisa:inline.email'],
    ['email', 'ana@example.com', null],
    ['number', '12a', 'aivisa:inline.number'],
    ['number', '1500.50', null],
    ['date', '2027-02-30', 'aivisa:inline.date'],
    ['date', '2027-03-01', null],
    ['country', 'Atlantis', 'aivisa:inline.required'],
    ['country', 'Mexico', null],
  ] as const)('%s %j → %s', (type, value, error) => expect(inlineError(type, value)).toBe(error));
});

describe("the chats' message box", () => {
  it('sends the trimmed draft and empties it, or a quick answer and keeps the draft', () => {
    expect(sentText('  hola ', { type: 'SEND' })).toBe('hola');
    expect(draftAfter('  hola ', { type: 'SEND' })).toBe('');
    expect(sentText('a medio escribir', { type: 'SEND', text: ' Turismo ' })).toBe('Turismo');
    expect(draftAfter('a medio escribir', { type: 'SEND', text: 'Turismo' })).toBe('a medio escribir');
  });

  it('sends nothing without words', () => {
    expect(hasWords('   ', { type: 'SEND' })).toBe(false);
    expect(hasWords('hola', { type: 'SEND', text: '  ' })).toBe(false);
    expect(hasWords('', { type: 'SEND', text: 'Sí' })).toBe(true);
    expect(hasWords('hola', { type: 'DRAFT' })).toBe(false);
  });
});
