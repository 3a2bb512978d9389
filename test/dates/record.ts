// Records the date-kind cases (cases.ts): writes them, asks a running Strapi v4.25 serving
// test/fixtures/schemas/dates for each, and writes its answers; then lists where the gateway, asked
// in process, answers otherwise. A tool for finding out, run by hand; npm test reads what it writes.
//   npx tsx test/dates/record.ts <strapi base URL>
import { readFileSync, writeFileSync } from 'node:fs';
import { answerOf, ask, caseRequest, type Answer } from '../support/strapi-answers.ts';
import { modelGateway } from '../support/test-gateway.ts';
import { sameAnswer } from './compare.ts';
import { DATES_FOLDER, DATES_MODEL, DATES_SEED, dateCases } from './cases.ts';

const [strapiBase] = process.argv.slice(2);
if (!strapiBase) {
  console.error('usage: npx tsx test/dates/record.ts <strapi base URL>');
  process.exit(2);
}
const cases = dateCases();
const strapi: Record<string, Answer> = {};
for (const c of cases) strapi[c.name] = await answerOf(c, await fetch(caseRequest(c, strapiBase)));
writeFileSync(`${DATES_FOLDER}/cases.json`, `${JSON.stringify(cases, null, 1)}\n`);
writeFileSync(`${DATES_FOLDER}/strapi.json`, `${JSON.stringify(strapi, null, 1)}\n`);

const deviations = JSON.parse(readFileSync(`${DATES_FOLDER}/deviations.json`, 'utf8')) as Record<string, { class: string }>;
const { gateway } = await modelGateway(DATES_MODEL, DATES_SEED);
let agree = 0;
for (const c of cases) {
  const ours = await ask(gateway, c);
  if (sameAnswer(ours, strapi[c.name])) agree++;
  else if (!deviations[c.name]) console.log(`${c.name}\n  strapi:  ${JSON.stringify(strapi[c.name]).slice(0, 300)}\n  gateway: ${JSON.stringify(ours).slice(0, 300)}`);
}
console.log(`agree ${agree}/${cases.length}`);
process.exit(0);
