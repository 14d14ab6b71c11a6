import { describe, expect, it } from 'vitest';
import { analyze, completeness } from '../../server/services/ai/builtin/analyze';
import { builtinReply, pieces } from '../../server/services/ai/builtin/reply';

// The built-in engine's final analysis, completeness and chat reply (issue 13): deterministic, so table-tested.

const TODAY = new Date('2026-11-23T12:00:00Z');
const COMPLETE = {
  firstName: 'Ana',
  lastName: 'Lopez',
  dateOfBirth: '1990-03-15',
  nationality: 'Mexico',
  email: 'ana@example.com',
  phone: '+525512345678',
  address: 'Av. Reforma 1',
  passportNumber: 'G12345678',
  passportExpiry: '2032-01-01',
  purpose: 'tourism',
  arrivalDate: '2027-03-01',
  departureDate: '2027-03-15',
  occupation: 'Engineer',
};

const codes = (data: Record<string, string>, formType: 'DS-160' | 'ESTA' = 'DS-160') => {
  const { errors, warnings } = analyze({ formType, language: 'en', data }, TODAY);
  return { errors: errors.map((f) => `${f.field}:${f.code}`), warnings: warnings.map((f) => `${f.field}:${f.code}`) };
};

describe('analyze', () => {
  it.each([
    ['a complete, consistent DS-160', COMPLETE, 'DS-160', [], []],
    ['a missing e-mail and phone', { ...COMPLETE, email: '', phone: ' ' }, 'DS-160', ['email:missing', 'phone:missing'], []],
    ['departure before arrival', { ...COMPLETE, departureDate: '2027-02-20' }, 'DS-160', ['departureDate:date-order'], []],
    ['a date that does not exist', { ...COMPLETE, arrivalDate: '2027-02-30' }, 'DS-160', ['arrivalDate:invalid-date'], []],
    ['a birth in the future', { ...COMPLETE, dateOfBirth: '2030-01-01' }, 'DS-160', ['dateOfBirth:invalid-date'], []],
    ['a passport ending before the trip', { ...COMPLETE, passportExpiry: '2027-03-10' }, 'DS-160', ['passportExpiry:passport-expiry'], []],
    ['a passport ending within six months of arrival', { ...COMPLETE, passportExpiry: '2027-06-01' }, 'DS-160', [], ['passportExpiry:passport-expiry']],
    ['a waiver nationality on a DS-160', { ...COMPLETE, nationality: 'Spain' }, 'DS-160', [], ['nationality:waiver-nationality']],
    ['a waiver nationality studying needs the visa', { ...COMPLETE, nationality: 'Spain', purpose: 'study' }, 'DS-160', [], []],
    ['a visa nationality on an ESTA', COMPLETE, 'ESTA', ['nationality:visa-nationality'], []],
  ] as const)('%s', (_, data, formType, errors, warnings) => expect(codes(data, formType)).toEqual({ errors, warnings }));

  it('words its findings and summary in the conversation language', () => {
    const es = analyze({ formType: 'DS-160', language: 'es', data: { ...COMPLETE, nationality: 'Spain', email: '' } }, TODAY);
    expect(es.errors[0]?.message).toBe('Falta: Correo electrónico.');
    expect(es.warnings[0]?.message).toMatch(/^España está en el Programa de Exención de Visa/);
    expect(es.summary).toMatch(/1 error\(es\) y 1 advertencia/);
    expect(analyze({ formType: 'DS-160', language: 'fr', data: COMPLETE }, TODAY).summary).toMatch(/prête/);
  });
});

describe('completeness', () => {
  it('counts a section by its own fields, blank ones missing', () => {
    expect(completeness({ section: 'contact', fields: [], data: { email: 'a@b.co', phone: ' ', city: 'Lima' } })).toEqual({
      section: 'contact',
      filled: 2,
      total: 4,
      missing: ['phone', 'address'],
      complete: false,
    });
    expect(completeness({ section: 'x', fields: ['a'], data: { a: '1' } })).toMatchObject({ complete: true, filled: 1, total: 1 });
  });
});

describe('the built-in chat reply', () => {
  const input = { assistantName: 'Sofía', language: 'es' as const, messages: [], understood: [], ask: { field: 'email', label: '¿Cuál es tu correo?', input: 'email' as const } };

  it('greets, then acknowledges, asks with its widget and offers a plan', () => {
    expect(builtinReply(input)).toBe('Hola, soy Sofía. Te ayudaré a preparar tu solicitud de viaje a EE. UU.; tú la envías y pagas la tasa del gobierno, en el sitio oficial. Cuéntame de tu viaje o responde mis preguntas una a una.\n¿Cuál es tu correo?\n[INPUT:email:¿Cuál es tu correo?]');
    const later = { ...input, messages: [{ role: 'assistant' as const, content: 'Hola' }, { role: 'user' as const, content: 'soy mexicana' }], understood: ['Nacionalidad: México'], offer: 'pro' as const };
    expect(builtinReply(later).split('\n')).toEqual(['Anotado: Nacionalidad: México.', '¿Cuál es tu correo?', '[INPUT:email:¿Cuál es tu correo?]', 'Puedes continuar con el plan de abajo. [CHECKOUT:pro]']);
    expect(builtinReply({ ...later, understood: [], ask: undefined, offer: undefined, language: 'en' })).toBe("I have everything I need. Your application is ready for our review; once it is ready, you submit it and pay the government's fee yourself on the official site.");
  });

  it('streams in pieces that join back to the reply exactly', () => {
    const reply = builtinReply(input);
    const parts = [...pieces(reply)];
    expect(parts.length).toBeGreaterThan(3);
    expect(parts.join('')).toBe(reply);
  });
});
