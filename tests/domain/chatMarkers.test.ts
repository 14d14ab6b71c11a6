import { describe, expect, it } from 'vitest';
import { inlineError, parseReply } from '../../machines/domain/chatMarkers';

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
