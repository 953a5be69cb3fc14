import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { renderApiDoc } from '#shared/api/api-doc';
import { renderOpenApiJson } from '#shared/api/openapi';
import { routeTable } from '#shared/api/routes';

/**
 * `npm run docs:api`: writes docs/api.md and docs/openapi.json from the route table, the one source of both
 * (test/unit/api-doc.test.ts checks both are current). The API serves the same document at GET /api/openapi.json.
 */
export const API_DOC_PATH = fileURLToPath(new URL('../../docs/api.md', import.meta.url));
export const OPENAPI_PATH = fileURLToPath(new URL('../../docs/openapi.json', import.meta.url));

writeFileSync(API_DOC_PATH, renderApiDoc(routeTable));
writeFileSync(OPENAPI_PATH, renderOpenApiJson(routeTable));
console.log(`Wrote ${API_DOC_PATH} and ${OPENAPI_PATH} (${routeTable.length} routes).`);
