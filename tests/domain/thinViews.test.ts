import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Pages render machine state; machines and the server decide (docs/DESIGN.md, "How a flow is built"). These tests read
 * the client's views and fail on React state that holds what a flow should, and on a view importing a rule it
 * should get from a machine. What is purely visual is allowed by name, with the reason.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const VIEWS = ['client/pages', 'client/components'];

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    return statSync(join(ROOT, path)).isDirectory() ? files(path) : /\.tsx?$/.test(name) && !name.endsWith('.css.ts') ? [path] : [];
  });
}

const views = VIEWS.flatMap(files);

/** React state a view may keep: `file: name` → why it is not the flow's. */
const VISUAL_STATE: Record<string, string> = {
  // A machine's input, read once when the page opens (the browser's chat id, stored progress, a link's code).
  'client/pages/ai-chat-sections/AiChatSectionsPage.tsx: input': "the chat machine's input",
  'client/pages/aivisa/AivisaPage.tsx: input': "the chat machine's input",
  'client/pages/ai-assistant/AiAssistantPage.tsx: input': "the interview machine's input",
  'client/pages/ai-chat/AiChatPage.tsx: input': "the chat machine's input",
  'client/pages/ds160-wizard/ResumePanel.tsx: input': "the resume machine's input",
  'client/pages/ds160-wizard/Ds160WizardPage.tsx: input': "the form machine's input",
  'client/pages/ds160-wizard/Ds160WizardPage.tsx: linkedCode': "the resume link's code, the resume machine's input",
  'client/pages/ds160-wizard/PhotoCheck.tsx: input': "the photo machine's input",
  'client/pages/admin/AdminPage.tsx: input': "the admin gate's input (an invitation link's token)",
  'client/pages/pricing/PricingPage.tsx: data': "the pricing machine's input (the plans the page arrived with)",
  'client/pages/premium-interview/PremiumInterview.tsx: start': "the interview machine's input",
  'client/pages/dashboard/DashboardPage.tsx: opened': 'whether the dashboard has been shown: its own Logout then leaves for home, not /login',
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

/** Rules a view must take from its machine or the server, never compute (`machines/domain` exports). */
const RULE_IMPORTS = new Set([
  'eligibility',
  'favourableCitizenship',
  'paywallLocks',
  'isLocked',
  'leadReady',
  'inlineError',
  'checkoutErrors',
  'validatePaymentDetails',
  'validateEmail',
  'firstUnanswered',
  'hasWords',
]);

describe('views that only render', () => {
  it('keep no flow in React state', () => {
    const found: string[] = [];
    for (const file of views) {
      const source = readFileSync(join(ROOT, file), 'utf8');
      for (const [, name] of source.matchAll(/const \[(\w*)[^\]]*\] = use(?:State|Reducer)\b/g)) {
        const key = `${file}: ${name}`;
        if (!VISUAL_STATE[key]) found.push(key);
      }
    }
    expect(found, 'React state in a view that is not listed as visual (move it into the machine, or list why it is visual)').toEqual([]);
  });

  it('list no visual state that is gone', () => {
    const kept = Object.keys(VISUAL_STATE).filter((key) => {
      const [file, name] = key.split(': ') as [string, string];
      return !new RegExp(`const \\[${name}\\b`).test(readFileSync(join(ROOT, file), 'utf8'));
    });
    expect(kept).toEqual([]);
  });

  it('take their rules from a machine or the server', () => {
    const found: string[] = [];
    for (const file of views) {
      const source = readFileSync(join(ROOT, file), 'utf8');
      for (const [, names] of source.matchAll(/^import \{([^}]*)\} from '[^']*machines\/[^']*';/gm)) {
        for (const name of (names as string).split(',').map((n) => n.trim())) {
          if (!name.startsWith('type ') && RULE_IMPORTS.has(name)) found.push(`${relative(ROOT, join(ROOT, file))}: ${name}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('select what they render, not the whole snapshot', () => {
    // A whole-snapshot selector re-renders the page on every event and invites it to read the machine's internals.
    const found = views.filter((file) => /useSelector\([^,]+,\s*\((\w+)\)\s*=>\s*\1\s*[,)]/.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });
});
