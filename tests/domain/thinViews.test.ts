import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * One door from pages to machines (docs/DESIGN.md "How a flow is built", point 3; issue 46). A view (a page or a component,
 * client/pages and client/components) renders what its flow's view module derives and sends the events it offers;
 * the machine decides, and what it does to the world (navigate, store, fetch, toast, the microphone) it emits for
 * one app-level handler (client/app/effects.ts). These tests read every view and hold it to an allow-list: what it
 * may import, and what it may not do. React state anywhere in client/ is allowed by name, with the reason.
 * Pages not through the door yet are named below, finding by finding, so a new page that decides still fails.
 */

const ROOT = resolve(import.meta.dirname, '../..');

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    return statSync(join(ROOT, path)).isDirectory() ? files(path) : /\.tsx?$/.test(name) && !name.endsWith('.css.ts') ? [path] : [];
  });
}

const isView = (file: string) => file.startsWith('client/pages/') || file.startsWith('client/components/');
const client = files('client');
const views = client.filter(isView);

/** Packages a view may import: React, its bindings to XState's actors, i18n. */
const PACKAGES = new Set(['react', 'react-i18next', '@xstate/react']);

/**
 * The app's helpers a view may use, each visual: the door itself, links, formatting, the page's title, the language
 * and site data it shows, focus and idle-time helpers, the validation message's words.
 */
const APP_HELPERS = new Set([
  'client/app/useFlow',
  'client/app/Link',
  'client/app/AppContext',
  'client/app/answerFormat',
  'client/app/format',
  'client/app/money',
  'client/app/reveal',
  'client/app/siteData',
  'client/app/usePageMeta',
  'client/app/useTabKeys',
  'client/app/useWhenIdle',
  'client/app/validationMessage',
  'client/app/warmDateInput',
  'client/app/whenIdle',
  'client/app/afterPaint',
]);

/** Whether a view may import this module (a path from the repository's root, without its extension). */
function allowedImport(target: string, typeOnly: boolean): boolean {
  if (/^machines\/\w+\.view$/.test(target)) return true;
  if (target.startsWith('client/components/') || target.startsWith('client/pages/') || target.startsWith('client/styles/')) return true;
  if (/\.css$/.test(target)) return true;
  if (APP_HELPERS.has(target)) return true;
  // A type is erased from the build: it carries no rule and no call (what a DTO or a message looks like).
  return typeOnly && (target.startsWith('machines/') || target.startsWith('openapi/schemas/'));
}

/** What a view may not do itself: each is the flow's, raised by its machine and performed by the app's handler. */
const FORBIDDEN: Array<[RegExp, string]> = [
  [/\bfetch\(/, 'fetch'],
  [/\b(?:localStorage|sessionStorage|indexedDB)\b|document\.cookie|\b(?:readStorage|writeStorage)\(/, 'storage'],
  [/\buseNavigate\b|\bnavigate\(|<Navigate\b|window\.location\.(?:assign|replace|href\s*=)|history\.(?:push|replace)State/, 'navigation'],
  [/\buseSearchParams\b|window\.location\.search/, 'the address read by the page'],
  [/getUserMedia|mediaDevices/, 'the microphone'],
  [/\buseToast(?:Actor)?\b|TOAST\.SHOW/, 'a toast'],
  [/\b(?:createActor|useActorRef|useLegacyFlow)\(/, 'a flow started outside the door'],
  [/\.provide\(/, 'a stand-in filled in by the page'],
  [/status\s*===\s*'done'/, "a rule on the snapshot's status (the view module says it)"],
  [/\((\w+)\)\s*=>\s*\1\.context\s*[,)]/, 'the whole context selected'],
  [/useSelector\([^,]+,\s*\((\w+)\)\s*=>\s*\1\s*[,)]/, 'the whole snapshot selected'],
  // What the flow decided, read back by a handler after it sent an event (to focus a refused field, say): the machine
  // says it (a `focusError`), the view renders what its view module derived.
  [/\.getSnapshot\(\)\.context\b/, "the flow's context read back in a handler"],
];

/**
 * Effects a view may run that send an event: none but these, each visual (a timer the flow asked for is not one).
 * `file` → why.
 */
// Issue 45 item 10 moved the last one (the group panel's saved birth date) into the form machines' `handOff`: a new
// effect that sends an event is a finding, with no allowance.
const SENDING_EFFECTS: Record<string, string> = {};

/** The body of each `useEffect(` / `useLayoutEffect(` call in a source, up to its closing parenthesis. */
function effectBodies(source: string): string[] {
  const bodies: string[] = [];
  for (const match of source.matchAll(/\buse(?:Layout)?Effect\(/g)) {
    let depth = 1;
    let at = (match.index ?? 0) + match[0].length;
    const start = at;
    while (at < source.length && depth > 0) {
      const c = source[at];
      if (c === '(') depth += 1;
      else if (c === ')') depth -= 1;
      at += 1;
    }
    bodies.push(source.slice(start, at - 1));
  }
  return bodies;
}

/**
 * Every import statement's module, whether it is type-only, and the values it names (`{ a, b as c, type T }` gives
 * a and c); side-effect imports (`import './x.css'`) too.
 */
function importsOf(source: string): Array<{ specifier: string; typeOnly: boolean; names: string[] }> {
  const found: Array<{ specifier: string; typeOnly: boolean; names: string[] }> = [];
  for (const m of source.matchAll(/^(?:import|export)\s+(type\s+)?(?:([^;'"]*?)\s+from\s+)?'([^']+)';/gms)) {
    const braces = /\{([^}]*)\}/.exec(m[2] ?? '')?.[1] ?? '';
    const names = braces
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part && !part.startsWith('type '))
      .map((part) => part.split(/\s+as\s+/).pop() as string);
    found.push({ specifier: m[3] as string, typeOnly: Boolean(m[1]), names });
  }
  return found;
}

/** The app's hooks whose values are the world's (who is signed in, the interface language, the site's data). */
const WORLD_HOOKS = /\buse(?:Session|Language|SiteData)\(\)/;

/**
 * Whether the view reads a hook of the app's world and hands what it read to a rule of its view module
 * (`backToPanel(s, signedIn)` with `signedIn` from `useSession()`): the flow decides on what reaches it as its input
 * or an event (the door's `session`), not on what the page passes it. Rendering the value itself is fine.
 */
function handsWorldToRule(code: string, rules: ReadonlySet<string>): boolean {
  const read = new Set<string>();
  for (const [, names, value] of code.matchAll(/\bconst\s+(\{[^}]*\}|\w+)\s*=\s*([^;]*);/g)) {
    if (!WORLD_HOOKS.test(value as string)) continue;
    const bound = (names as string).startsWith('{') ? (names as string).slice(1, -1).split(',').map((n) => (n.split(':').pop() as string).trim()) : [names as string];
    for (const name of bound) if (name) read.add(name);
  }
  if (read.size === 0) return false;
  return [...rules].some((rule) =>
    [...code.matchAll(new RegExp(`\\b${rule}\\(([^)]*)\\)`, 'g'))].some(([, args]) => [...read].some((name) => new RegExp(`\\b${name}\\b`).test(args as string))),
  );
}

/** What is wrong with a view, as `rule: detail` findings (empty: it only renders). */
export function judgeView(file: string, source: string): string[] {
  const findings: string[] = [];
  // The values a view imports from a view module: its flow's rules, as the view module states them.
  const rules = new Set<string>();
  for (const { specifier, typeOnly, names } of importsOf(source)) {
    if (!specifier.startsWith('.')) {
      if (!PACKAGES.has(specifier)) findings.push(`import: ${specifier}`);
      continue;
    }
    const target = relative(ROOT, resolve(dirname(join(ROOT, file)), specifier)).replace(/\.tsx?$/, '');
    if (!allowedImport(target, typeOnly)) findings.push(`import: ${target}`);
    if (!typeOnly && /^machines\/\w+\.view$/.test(target)) for (const name of names) rules.add(name);
  }
  // Comments say why; they are not code.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  for (const [pattern, rule] of FORBIDDEN) if (pattern.test(code)) findings.push(`does: ${rule}`);
  if (handsWorldToRule(code, rules)) findings.push("does: the session, language or site data read by the page and handed to a rule");
  if (!SENDING_EFFECTS[file] && effectBodies(code).some((body) => /\.send\(/.test(body))) findings.push('does: an effect that sends an event');
  return findings;
}

/**
 * Views not through the one door yet (issue 46: the AI chats, the premium interview, the landing page's start and
 * the not-found page), each finding by name. A finding that goes is to be taken off; a new one fails.
 */
const KNOWN: Record<string, readonly string[]> = {
  // The AI chats: three copies of one chat machine (issue 46 item 4). The consular and the intelligent chats are
  // through the door; aivisa is started by its page with its own stand-ins.
  'client/pages/aivisa/AivisaPage.tsx': [
    'import: react-router',
    'import: machines/domain/chatMarkers',
    'import: machines/domain/routes',
    'import: openapi/routes/leads',
    'import: client/api/actors/aivisa',
    'import: client/api/call',
    'import: client/api/transport',
    'import: client/app/storage',
    'import: client/app/useLegacyFlow',
    'does: a flow started outside the door',
    'does: a stand-in filled in by the page',
    'does: the whole context selected',
  ],
  'client/pages/aivisa/InlineInput.tsx': ['import: machines/domain/countries', 'import: machines/domain/chatMarkers'],
  'client/components/chat/words.ts': ['import: machines/domain/chatMarkers'],
  // The free interview: its page persists the interview itself.
  'client/pages/ai-assistant/AiAssistantPage.tsx': [
    'import: react-router',
    'import: machines/aiAssistant.machine',
    'import: machines/domain/routes',
    'import: client/api/actors/aiAssistant',
    'import: client/api/transport',
    'import: client/app/storage',
    'import: client/app/useLegacyFlow',
    'does: storage',
    'does: a flow started outside the door',
    'does: a stand-in filled in by the page',
    'does: the whole context selected',
  ],
  // The premium interview and its voice controls (the microphone asked for on mount).
  'client/pages/premium-interview/PremiumInterview.tsx': [
    'import: react-router',
    'import: machines/premiumInterview.machine',
    'import: machines/voiceControls.machine',
    'import: openapi/schemas/premium',
    'import: client/api/actors/premium',
    'import: client/api/actors/voice',
    'import: client/api/transport',
    'import: client/app/audioDevice',
    'import: client/app/useLegacyFlow',
    'does: the address read by the page',
    'does: a flow started outside the door',
    'does: a stand-in filled in by the page',
    'does: an effect that sends an event',
  ],
  'client/pages/premium-interview/VoiceControls.tsx': ['does: an effect that sends an event'],
  // Pages with no flow of their own that link with react-router, and the app's chrome: the header's language switch
  // and the account menu's sign-out navigation (the session's, not a page flow's), the Toaster that draws the toasts.
  'client/pages/landing/LandingPage.tsx': ['import: react-router', 'import: machines/domain/routes'],
  'client/pages/not-found/NotFoundPage.tsx': ['import: react-router'],
  'client/components/Header.tsx': ['import: react-router', 'import: machines/domain/language', 'import: machines/domain/routes'],
  'client/components/UserMenu.tsx': ['import: react-router', 'import: machines/domain/routes', 'does: navigation'],
  'client/components/Toaster.tsx': ['does: a toast'],
  // The privacy notice (issue 44), a page with no flow of its own, and the two places that link to it in the app:
  // the dashboard's "Your data" card and the chats' AI notice.
  'client/pages/privacy/PrivacyPage.tsx': ['import: react-router', 'import: machines/domain/routes'],
  'client/pages/dashboard/MyDataCard.tsx': ['import: react-router'],
  'client/components/chat/AiNotice.tsx': ['import: react-router'],
  // Shared components that draw the country list and the trip purposes from the domain's data.
  'client/components/CountrySearch.tsx': ['import: machines/domain/countries'],
  'client/components/countries.ts': ['import: machines/domain/countries', 'import: machines/domain/countryNames'],
  'client/components/PurposePicker.tsx': ['import: machines/domain/visaRules'],
};

/** React state in client/: `file: name` → why it is not the flow's. */
const VISUAL_STATE: Record<string, string> = {
  // The door's own: a machine's input, read once when the flow starts.
  'client/app/useFlow.ts: input': "the machine's input, read from the browser once, as a machine's input is",
  // Drawing what is not on screen yet once the browser is idle (issue 16), and redrawing once it is taken down.
  'client/app/useWhenIdle.ts: ready': 'what is drawn ahead, once the browser is idle',
  'client/app/useWhenIdle.ts: ': 'a redraw once what was left is taken down',
  // A machine's input, read once when the page opens (the browser's chat id, a link's code). Issue 46: the chats and
  // the premium interview are not through the door yet.
  'client/pages/aivisa/AivisaPage.tsx: input': "the chat machine's input",
  'client/pages/ai-assistant/AiAssistantPage.tsx: input': "the interview machine's input",
  'client/pages/ds160-wizard/Ds160WizardPage.tsx: linkedCode': 'the resume link the page opened with: where the resume entry sits',
  'client/pages/premium-interview/PremiumInterview.tsx: start': "the interview machine's input",
  // An actor's reference handed up by the component that started it: the group panel's machine, not its data.
  'client/pages/apply-esta-wizard/ApplyEstaWizardPage.tsx: group': "the group panel's actor, to read which answers it filled in",
  'client/pages/ds160-wizard/Ds160WizardPage.tsx: group': "the group panel's actor, to read which answers it filled in",
  // Visual only.
  'client/pages/ds160-wizard/ResumePanel.tsx: copied': "the 'Copied' label on the button just pressed",
  'client/pages/payment-confirmation/PaymentConfirmationPage.tsx: copied': "the 'Copied' label on the button just pressed",
  'client/pages/premium-interview/VoiceControls.tsx: level': "the microphone's level meter, drawn from the audio",
  'client/components/Toaster.tsx: spot': 'where the toasts sit (top or bottom), away from the button under them',
  'client/components/Header.tsx: helpOpen': 'the help note, open or not',
  'client/components/UserMenu.tsx: open': 'the account menu, open or not',
  'client/components/CountrySearch.tsx: active': 'the highlighted option of an open list',
  'client/components/wizard/QuestionField.tsx: listed': 'whether the long country list is drawn yet',
  'client/components/wizard/SectionProgress.tsx: overflows': 'whether the stepper is wider than the screen',
};

const stateOf = (source: string) => [...source.matchAll(/const \[(\w*)[^\]]*\] = use(?:State|Reducer)\b/g)].map(([, name]) => name as string);

describe('views that only render', () => {
  it('import only view modules, components, styles, i18n and visual helpers, and do nothing to the world themselves', () => {
    const found: string[] = [];
    for (const file of views) {
      const known = new Set(KNOWN[file] ?? []);
      for (const finding of judgeView(file, readFileSync(join(ROOT, file), 'utf8'))) if (!known.has(finding)) found.push(`${file}: ${finding}`);
    }
    expect(found, 'a view that decides or acts: move it into the machine (emit) or its view module').toEqual([]);
  });

  it('name no known exception that is gone', () => {
    const gone: string[] = [];
    for (const [file, findings] of Object.entries(KNOWN)) {
      const now = new Set(judgeView(file, readFileSync(join(ROOT, file), 'utf8')));
      for (const finding of findings) if (!now.has(finding)) gone.push(`${file}: ${finding}`);
    }
    expect(gone).toEqual([]);
  });

  it('keep no flow in React state, anywhere in client/', () => {
    const found = client.flatMap((file) => stateOf(readFileSync(join(ROOT, file), 'utf8')).map((name) => `${file}: ${name}`)).filter((key) => !VISUAL_STATE[key]);
    expect(found, 'React state that is not listed as visual (move it into the machine, or list why it is visual)').toEqual([]);
  });

  it('list no visual state that is gone', () => {
    const kept = Object.keys(VISUAL_STATE).filter((key) => {
      const [file, name] = key.split(': ') as [string, string];
      return !stateOf(readFileSync(join(ROOT, file), 'utf8')).includes(name);
    });
    expect(kept).toEqual([]);
  });
});

// Each rule fails on a small planted view: what the one door moved out of the pages must not come back.
describe('the allow-list refuses', () => {
  const page = 'client/pages/planted/PlantedPage.tsx';
  const judged = (source: string) => judgeView(page, source);

  it('a rule imported from a machine or its domain, even one a page used to compute (fee arithmetic, visible fields)', () => {
    expect(judged("import { visibleFields } from '../../../machines/domain/ds160Sections';")).toEqual(['import: machines/domain/ds160Sections']);
    expect(judged("import { allCompleted } from '../../../machines/ds160Form.machine';")).toEqual(['import: machines/ds160Form.machine']);
    expect(judged("import { ds160Handoff } from '../../../machines/domain/chatHandoff';")).toEqual(['import: machines/domain/chatHandoff']);
  });

  it('a call, a contract or storage imported by a page', () => {
    expect(judged("import { call } from '../../api/call';")).toEqual(['import: client/api/call']);
    expect(judged("import { createLead } from '../../../openapi/routes/leads';")).toEqual(['import: openapi/routes/leads']);
    expect(judged("import { readStorage } from '../../app/storage';\nreadStorage('local', 'k');")).toEqual(['import: client/app/storage', 'does: storage']);
    expect(judged("import { perform } from '../../app/effects';")).toEqual(['import: client/app/effects']);
  });

  it('a router, a state library or any package but React, i18n and the actor bindings', () => {
    expect(judged("import { Link } from 'react-router';")).toEqual(['import: react-router']);
    expect(judged("import { createActor } from 'xstate';")).toEqual(['import: xstate']);
  });

  it('a fetch, storage, navigation, the address, the microphone or a toast done by the page', () => {
    expect(judged("fetch('/api/leads');")).toEqual(['does: fetch']);
    expect(judged("localStorage.setItem('rumbo-ds160-form', '{}');")).toEqual(['does: storage']);
    expect(judged('const go = useNavigate();')).toEqual(['does: navigation']);
    expect(judged("const [params] = useSearchParams(); params.get('step');")).toEqual(['does: the address read by the page']);
    expect(judged('navigator.mediaDevices.getUserMedia({ audio: true });')).toEqual(['does: the microphone']);
    expect(judged("toasts.send({ type: 'TOAST.SHOW', toast });")).toEqual(['does: a toast']);
  });

  it("a flow started or filled in by the page, a busy rule on the status, the whole context", () => {
    expect(judged('const ref = useLegacyFlow(machine, input);')).toEqual(['does: a flow started outside the door']);
    expect(judged('const machine = formMachine.provide({ actions: { persist: () => {} } });')).toEqual(['does: a stand-in filled in by the page']);
    expect(judged("const busy = useSelector(ref, (s) => s.hasTag('busy') || s.status === 'done');")).toEqual(["does: a rule on the snapshot's status (the view module says it)"]);
    expect(judged('const context = useSelector(ref, (s) => s.context);')).toEqual(['does: the whole context selected']);
    expect(judged('const snapshot = useSelector(ref, (s) => s);')).toEqual(['does: the whole snapshot selected']);
  });

  it("the session, the language or the site's data read by the page and handed to its flow's rule, but not rendered", () => {
    const view = "import { backToPanel, groupCheckoutFlow } from '../../../machines/groupCheckout.view';\nimport { useSession } from '../../app/AppContext';\n";
    const handed = "does: the session, language or site data read by the page and handed to a rule";
    // The review's finding (GroupCheckout before onedoor5), and the same read another way.
    expect(judged(`${view}const signedIn = useSession().account !== null;\nconst back = useSelector(flow, (s) => backToPanel(s, signedIn));`)).toEqual([handed]);
    expect(judged(`${view}const { account } = useSession();\nconst back = useSelector(flow, (s) => backToPanel(s, account !== null));`)).toEqual([handed]);
    expect(judged(`${view}const { language: lang } = useLanguage();\nconst to = backToPanel(snapshot, lang);`)).toEqual([handed]);
    // What the flow knows, and the session rendered as it is, are fine.
    expect(judged(`${view}const back = useSelector(flow, backToPanel);`)).toEqual([]);
    expect(judged(`${view}const { account } = useSession();\nconst back = useSelector(flow, backToPanel);\nreturn <p>{account?.email}</p>;`)).toEqual([]);
  });

  it("the flow's context read back after an event (a refused field focused by the page)", () => {
    const source = "gate.send({ type: 'SUBMIT' });\nconst refused = gate.getSnapshot().context.errors;\nif (refused.username) document.getElementById('admin-username')?.focus();";
    expect(judged(source)).toEqual(["does: the flow's context read back in a handler"]);
  });

  it('an effect that sends an event (a restore decided on mount), but not a visual one', () => {
    expect(judged("useEffect(() => { if (ready) ref.send({ type: 'RESTORE', values }); }, [ready]);")).toEqual(['does: an effect that sends an event']);
    expect(judged('useEffect(() => { titleRef.current?.focus(); }, [current]);')).toEqual([]);
  });

  it('nothing in a view that only renders its view module', () => {
    const source = [
      "import { shallowEqual, useSelector } from '@xstate/react';",
      "import { useTranslation } from 'react-i18next';",
      "import { formView, ds160FormFlow } from '../../../machines/ds160Form.view';",
      "import type { PriceDto } from '../../../openapi/schemas/orders';",
      "import { useFlow } from '../../app/useFlow';",
      "import { Link } from '../../app/Link';",
      "import * as css from './planted.css';",
      "import { button } from '../../styles/ui.css';",
      '// A comment may say fetch( or localStorage: it is not code.',
      "export default function Page() { const ref = useFlow(ds160FormFlow); const view = useSelector(ref, formView, shallowEqual); return <button onClick={() => ref.send({ type: 'NEXT' })} />; }",
    ].join('\n');
    expect(judged(source)).toEqual([]);
  });
});
