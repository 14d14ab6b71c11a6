import { buildClient } from '../../scripts/build.mjs';
import { TEST_CLIENT_DIR } from './browser';

/** Browser tests run against a production build of the client, in their own folder (never the dist/ that `npm start` serves). */
export default async function setup(): Promise<void> {
  buildClient({ outDir: TEST_CLIENT_DIR });
}
