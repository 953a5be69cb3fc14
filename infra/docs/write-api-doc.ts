import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { renderApiDoc } from '#shared/api/api-doc';
import { routeTable } from '#shared/api/routes';

/** `npm run docs:api`: writes docs/api.md from the route table (test/unit/api-doc.test.ts checks it is current). */
export const API_DOC_PATH = fileURLToPath(new URL('../../docs/api.md', import.meta.url));

writeFileSync(API_DOC_PATH, renderApiDoc(routeTable));
console.log(`Wrote ${API_DOC_PATH} (${routeTable.length} routes).`);
