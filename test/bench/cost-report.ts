import { formatReport } from '#test/bench/cost-model';

/**
 * Prints docs/scale.md's tables from the cost model (test/bench/cost-model.ts): the per-operation figures the
 * integration test holds the code to, the monthly bill at each scale with its arithmetic, and the limits' figures.
 * `npx tsx test/bench/cost-report.ts`
 */
console.log(formatReport());
