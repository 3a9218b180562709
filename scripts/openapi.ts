// Writes openapi/openapi.json from the running code (npm run openapi). A test fails when the
// committed document and the code disagree.
import { mkdirSync, writeFileSync } from 'node:fs';
import { openApiDocument } from '../src/http/openapi.js';

const doc = await openApiDocument();
mkdirSync(new URL('../openapi/', import.meta.url), { recursive: true });
writeFileSync(new URL('../openapi/openapi.json', import.meta.url), `${JSON.stringify(doc, null, 2)}\n`);
console.log(`openapi/openapi.json: ${Object.keys(doc.paths as object).length} paths`);
