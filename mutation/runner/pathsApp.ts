// What tests/paths/paths.test.ts gets for `createTestApp` and `startFakeOpenAi` when the mutation runner runs it
// (mutation/runner/session.mjs resolves its two helper imports here). A mutant's paths must meet a server exactly
// as fresh as the one the whole suite gets in `npm run test:paths`, yet building one (migrations, seeds, the admin's
// password hash, every route's schemas) costs about a second. So the first app is built once and stopped, its
// data folder kept as a template, and every later call starts an app on a copy of it: the same rows, no
// migrations or seeds to run again. The speech server is stateless for the paths and kept for the worker's life.
//
// When a mutant reaches the server's own code at load time, the runner evaluates this module again with the
// server: the new instance closes what the old one kept and builds its template with the mutant in place.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp as createFresh, restartTestApp, type TestApp } from '../../tests/helpers/app';
import { startFakeOpenAi as startFake, type FakeOpenAi } from '../../tests/helpers/fakeOpenAi';

export type { TestApp } from '../../tests/helpers/app';
export type { FakeOpenAi } from '../../tests/helpers/fakeOpenAi';

type Overrides = Parameters<typeof createFresh>[0];
type Build = NonNullable<Parameters<typeof createFresh>[1]>;

/** What the previous instance of this module kept, closed when a new instance takes over. */
const KEPT = Symbol.for('rumbo.mutation.pathsApp');
const holder = globalThis as { [KEPT]?: () => Promise<void> };
await holder[KEPT]?.();

const templates = new Map<string, Promise<TestApp>>();
let speech: Promise<FakeOpenAi> | undefined;
const open = new Set<TestApp>();

holder[KEPT] = async () => {
  for (const app of open) await app.close();
  open.clear();
  for (const template of templates.values()) {
    const { config } = await template;
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  }
  templates.clear();
  if (speech) await (await speech).close();
  speech = undefined;
};

/** A new app on a copy of the template's data: the state a fresh app starts in. */
export async function createTestApp(overrides: Overrides = {}, build: Build = { logger: false }): Promise<TestApp> {
  // The build options (the paths' operators, tests/paths/operators.ts) are part of what a template is: they seed rows.
  const key = JSON.stringify([overrides, build]);
  let template = templates.get(key);
  if (!template) {
    template = createFresh(overrides, build).then(async (app) => {
      await app.stop();
      return app;
    });
    templates.set(key, template);
  }
  const base = await template;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-mutant-'));
  fs.cpSync(base.config.dataDir, dataDir, { recursive: true });
  const app = await restartTestApp({ ...base, config: { ...base.config, dataDir } }, { ...build, logger: false });
  open.add(app);
  return {
    ...app,
    close: async () => {
      open.delete(app);
      await app.close();
    },
  };
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  speech ??= startFake();
  const fake = await speech;
  // The suite closes it after its paths; the next suite's paths use it again.
  return { ...fake, close: async () => {} };
}
