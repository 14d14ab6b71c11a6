import fs from 'node:fs';
import { OPENAPI_FILE, openapiDocument } from './openapiDocument';

fs.writeFileSync(OPENAPI_FILE, await openapiDocument());
console.log(`Wrote ${OPENAPI_FILE}`);
