import { describe, expect, it } from 'vitest';
import { acceptedLanguages } from '../../server/plugins/prerendered';
import { SLOTS } from '../../openapi/prerender';
import { embeddedJson, fillTemplate } from '../../server/services/prerender/pages';

const parts = { language: 'es', title: 'T', description: 'D', head: '<link>', body: '<h1>B</h1>', data: '{}', answers: '{"/api/x":"[]"}' };

describe('an entry page filled in', () => {
  it('puts each part in its slot', () => {
    const template = `<html lang="${SLOTS.language}"><title>${SLOTS.title}</title>${SLOTS.head}<div>${SLOTS.body}</div><script>${SLOTS.data}</script><script>${SLOTS.answers}</script>${SLOTS.description}`;
    expect(fillTemplate(template, parts)).toBe('<html lang="es"><title>T</title><link><div><h1>B</h1></div><script>{}</script><script>{"/api/x":"[]"}</script>D');
  });

  it('never reads what it put in as a slot, nor as a replacement pattern', () => {
    const template = `${SLOTS.title}|${SLOTS.body}`;
    expect(fillTemplate(template, { ...parts, title: `$& ${SLOTS.body}`, body: "$' x" })).toBe(`$& ${SLOTS.body}|$' x`);
  });

  it('writes the page data as JSON a script element cannot end', () => {
    const data = { branding: { brandName: '</script><script>alert(1)</script>' } };
    const json = embeddedJson(data);
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(data);
  });
});

describe('the languages a browser asks for', () => {
  it('orders them by weight, then as written, without the wildcard or refused ones', () => {
    expect(acceptedLanguages('fr;q=0.5, es-ES;q=0.9, de, *;q=0.1, en;q=0')).toEqual(['de', 'es-ES', 'fr']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('pt-BR,pt;q=0.9,xx;q=abc')).toEqual(['pt-BR', 'pt']);
  });
});
