#!/usr/bin/env node
// Differential test of the gateway against a real Strapi v4 on the same model and seed.
// The project's copy of ../shared/differential (read-only there), extended: generated date filters
// give dates as epoch milliseconds too (cases marked `epochMs`, counted apart), and the order of an
// answer's keys is compared (GraphQL: the selection set's; REST: Strapi's), not only its values.
//
//   node diff.mjs gen    --schema DIR --seed FILE [--n 400] [--rand 1] [--out cases.json]
//   node diff.mjs live   --strapi URL --gateway URL (--cases FILE | --schema DIR --seed FILE [--n 400] [--rand 1]) [--show 60]
//   node diff.mjs record --base URL --cases FILE --golden DIR
//   node diff.mjs check  --base URL --cases FILE --golden DIR [--show 60] [--verbose]
//
// `live` sends each request to both servers; `record` keeps Strapi's answers (normalised) in
// golden/<name>.json, in shared/conformance's golden format; `check` compares a server with them.
// Answers are normalised with shared/conformance/conformance.mjs's rules (mirrored below):
// createdAt/updatedAt timestamps -> "<timestamp>", component ids -> "<id>", key order ignored,
// GraphQL errors compared by message, extensions.code and path. Prints each mismatch with a short
// diff, the mismatches grouped by their first difference, agreement per category, and last
// `agree: X/N`. With --schema and --seed, a mismatch that a documented deviation explains
// (deviations.mjs, each naming its row of docs/decisions.md) is counted apart, by deviation, and
// not listed. Exit status 1 when a case disagrees unexplained.
import fs from 'node:fs';
import path from 'node:path';
import { generateCases } from './generate.mjs';
import { NO_ANSWER, deviationContext, explain } from './deviations.mjs';
import { loadModel } from './model.mjs';

const args = process.argv.slice(2);
const mode = args[0];
const opt = (name, dflt) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : dflt; };
const usage = () => { console.error('usage: diff.mjs gen|live|record|check ... (see the header of diff.mjs)'); process.exit(2); };
if (!['gen', 'live', 'record', 'check'].includes(mode)) usage();

// ---- normalisation: the rules of shared/conformance/conformance.mjs --------------------------
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
function normalise(value, parentKey) {
  if (Array.isArray(value)) return value.map((v) => normalise(v, parentKey));
  if (value === null || typeof value !== 'object') return value;
  const out = {};
  const isComponent = 'id' in value && !('attributes' in value) && parentKey !== 'error';
  for (const key of Object.keys(value).sort()) {
    let v = value[key];
    if ((key === 'createdAt' || key === 'updatedAt') && typeof v === 'string' && TIMESTAMP.test(v)) v = '<timestamp>';
    else if (key === 'id' && isComponent && v !== null && /^\d+$/.test(String(v))) v = '<id>';
    else v = normalise(v, key);
    out[key] = v;
  }
  return out;
}

/** Every object's keys in the order the answer's text lists them, by path: `.posts.data[0]: id,attributes`. */
function keyOrder(value, where = '', out = []) {
  if (Array.isArray(value)) value.forEach((v, i) => keyOrder(v, `${where}[${i}]`, out));
  else if (value !== null && typeof value === 'object') {
    out.push(`${where || '.'}: ${Object.keys(value).join(',')}`);
    for (const [k, v] of Object.entries(value)) keyOrder(v, `${where}.${k}`, out);
  }
  return out;
}

async function ask(base, c) {
  const url = c.graphql ? `${base}/graphql` : `${base}${c.path}`;
  const init = c.graphql
    ? { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ query: c.graphql, variables: c.variables ?? {} }) }
    : { method: 'GET', headers: { accept: 'application/json', ...(c.headers ?? {}) } };
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(60000) });
    const text = await res.text();
    let body;
    try { body = JSON.parse(text); } catch { body = { unparsable: text.slice(0, 200) }; }
    if (c.graphql && body && Array.isArray(body.errors)) {
      body.errors = body.errors.map((e) => ({ message: e.message, code: e.extensions?.code ?? null, path: e.path ?? null }));
    }
    return { status: c.graphql ? undefined : res.status, body: normalise(body), order: keyOrder(body?.data) };
  } catch (e) {
    return { status: NO_ANSWER, body: String(e.cause?.code ?? e.name ?? e.message) };
  }
}

function diff(a, b, where = '$', out = []) {
  if (out.length >= 5) return out;
  if (typeof a !== typeof b || Array.isArray(a) !== Array.isArray(b) || (a === null) !== (b === null)) {
    out.push(`${where}: expected ${JSON.stringify(a)?.slice(0, 120)} got ${JSON.stringify(b)?.slice(0, 120)}`);
  } else if (Array.isArray(a)) {
    if (a.length !== b.length) out.push(`${where}: expected ${a.length} items, got ${b.length}`);
    for (let i = 0; i < Math.min(a.length, b.length); i++) diff(a[i], b[i], `${where}[${i}]`, out);
  } else if (a && typeof a === 'object') {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (!(k in b)) out.push(`${where}.${k}: missing`);
      else if (!(k in a)) out.push(`${where}.${k}: unexpected key`);
      else diff(a[k], b[k], `${where}.${k}`, out);
    }
  } else if (a !== b) {
    out.push(`${where}: expected ${JSON.stringify(a)} got ${JSON.stringify(b)}`);
  }
  return out;
}

/** The problems between Strapi's answer `want` and the other server's `got` (empty when they agree). */
function compare(want, got) {
  const problems = [];
  if (want.status !== got.status) problems.push(`status: expected ${want.status} got ${got.status}`);
  diff(want.body, got.body, '$', problems);
  // Key order, once the values agree: the first object whose keys come in another order.
  if (!problems.length && want.order && got.order) {
    const i = want.order.findIndex((line, j) => line !== got.order[j]);
    if (i >= 0 || want.order.length !== got.order.length) problems.push(`key order: expected ${want.order[i] ?? '(end)'} got ${got.order[i] ?? '(end)'}`);
  }
  return problems;
}

/** A key grouping mismatches that differ in the same way: the first problem, indexes and values blurred. */
function signature(c, problems) {
  const first = problems[0]
    .replace(/\[\d+\]/g, '[]')
    .replace(/: expected .*? got /, ': expected … got ')
    .replace(/got .*/, (m) => m.slice(0, 60))
    .replace(/\d+ items/g, 'n items');
  return `${c.graphql ? 'graphql' : 'rest'} | ${first}`;
}

function loadCases() {
  if (opt('cases')) return JSON.parse(fs.readFileSync(opt('cases'), 'utf8'));
  if (!opt('schema') || !opt('seed')) usage();
  return generateCases({ schema: opt('schema'), seed: opt('seed'), n: Number(opt('n', '400')), rand: Number(opt('rand', '1')) });
}

/**
 * The deviations' context, when the model and seed are known; variants of a case go to the gateway
 * at `base`, and (live mode) to Strapi at `strapi`.
 */
function deviationsContext(base, strapi) {
  if (!opt('schema') || !opt('seed')) return undefined;
  return deviationContext(loadModel(opt('schema')), JSON.parse(fs.readFileSync(opt('seed'), 'utf8')), (c) => ask(base, c), strapi && ((c) => ask(strapi, c)));
}

/** One case's result: its problems, and the documented deviations that explain them, if they do. */
async function judge(c, want, got, ctx) {
  const problems = compare(want, got);
  const deviations = problems.length && ctx ? await explain(c, want, got, ctx, compare) : undefined;
  return { c, problems, deviations };
}

function reportDeviations(explained) {
  if (!explained.length) return;
  const byName = new Map();
  for (const r of explained) for (const name of r.deviations) byName.set(name, [...(byName.get(name) ?? []), r.c.name]);
  console.log('\ndocumented deviations (docs/decisions.md), by deviation (a case may show several):');
  for (const [name, names] of [...byName].sort((x, y) => y[1].length - x[1].length)) console.log(`  ${String(names.length).padStart(4)}  ${name}   e.g. ${names[0]}`);
}

function report(results) {
  const show = Number(opt('show', '60'));
  const explained = results.filter((r) => r.problems.length && r.deviations);
  const bad = results.filter((r) => r.problems.length && !r.deviations);
  let shown = 0;
  for (const r of bad) {
    if (shown++ >= show) break;
    console.log(`DIFF ${r.c.name}  ${r.c.path ?? r.c.graphql.replace(/\s+/g, ' ').slice(0, 300)}${r.c.variables ? `  variables=${JSON.stringify(r.c.variables)}` : ''}`);
    for (const p of r.problems.slice(0, 4)) console.log(`       ${p}`);
  }
  if (bad.length > shown) console.log(`(${bad.length - shown} more mismatches not shown; --show N)`);
  if (bad.length) {
    const clusters = new Map();
    for (const r of bad) {
      const k = signature(r.c, r.problems);
      clusters.set(k, [...(clusters.get(k) ?? []), r.c.name]);
    }
    console.log('\nmismatches by first difference:');
    for (const [k, names] of [...clusters].sort((x, y) => y[1].length - x[1].length)) console.log(`  ${String(names.length).padStart(4)}  ${k}   e.g. ${names[0]}`);
  }
  const cats = new Map();
  for (const r of results) {
    const cat = r.c.category ?? r.c.name.replace(/-\d+$/, '');
    const s = cats.get(cat) ?? { ok: 0, n: 0 };
    s.n++;
    if (!r.problems.length) s.ok++;
    else if (r.deviations) s.deviation = (s.deviation ?? 0) + 1;
    cats.set(cat, s);
  }
  console.log('\nagreement per category:');
  for (const [cat, s] of [...cats].sort()) console.log(`  ${cat.padEnd(24)} ${s.ok}/${s.n}${s.deviation ? ` (+${s.deviation} documented deviations)` : ''}`);
  reportDeviations(explained);
  const count = (list) => `${list.filter((r) => !r.problems.length).length}/${list.length} (+${list.filter((r) => r.deviations).length} documented deviations)`;
  const epoch = results.filter((r) => r.c.epochMs);
  const orderOnly = bad.filter((r) => r.problems[0].startsWith('key order'));
  console.log(`\ndate filters given as epoch milliseconds: agree ${count(epoch)}; every other case: agree ${count(results.filter((r) => !r.c.epochMs))}`);
  console.log(`mismatches in key order alone: ${orderOnly.length} (graphql ${orderOnly.filter((r) => r.c.graphql).length}, rest ${orderOnly.filter((r) => !r.c.graphql).length})`);
  const ok = results.length - bad.length - explained.length;
  console.log(`documented deviations: ${explained.length}; unexplained: ${bad.length}`);
  console.log(`agree: ${ok}/${results.length}`);
  return bad.length ? 1 : 0;
}

if (mode === 'gen') {
  const cases = loadCases();
  const text = JSON.stringify(cases, null, 1) + '\n';
  if (opt('out')) fs.writeFileSync(opt('out'), text); else process.stdout.write(text);
  console.error(`${cases.length} cases`);
} else if (mode === 'live') {
  const strapi = opt('strapi');
  const gateway = opt('gateway');
  if (!strapi || !gateway) usage();
  const results = [];
  const ctx = deviationsContext(gateway, strapi);
  for (const c of loadCases()) {
    const want = await ask(strapi, c);
    const got = await ask(gateway, c);
    results.push(await judge(c, want, got, ctx));
  }
  process.exit(report(results));
} else if (mode === 'record') {
  const base = opt('base');
  const golden = opt('golden');
  if (!base || !golden || !opt('cases')) usage();
  fs.mkdirSync(golden, { recursive: true });
  const cases = loadCases();
  const statuses = new Map();
  for (const c of cases) {
    const got = await ask(base, c);
    if (got.status === 'no answer') { console.error(`${c.name}: no answer from ${base}`); process.exit(1); }
    fs.writeFileSync(path.join(golden, `${c.name}.json`), JSON.stringify({ request: c.graphql ? { graphql: c.graphql, variables: c.variables } : { path: c.path }, ...got }, null, 2) + '\n');
    const k = got.status ?? (got.body?.errors ? 'graphql-errors' : 'graphql-data');
    statuses.set(k, (statuses.get(k) ?? 0) + 1);
  }
  console.log(`recorded ${cases.length} answers in ${golden}: ${[...statuses].map(([k, n]) => `${k} ×${n}`).join(', ')}`);
} else {
  const base = opt('base');
  const golden = opt('golden');
  if (!base || !golden || !opt('cases')) usage();
  const results = [];
  const ctx = deviationsContext(base);
  for (const c of loadCases()) {
    const want = JSON.parse(fs.readFileSync(path.join(golden, `${c.name}.json`), 'utf8'));
    const got = await ask(base, c);
    results.push(await judge(c, want, got, ctx));
    if (args.includes('--verbose') && !results.at(-1).problems.length) console.log(`ok   ${c.name}`);
  }
  process.exit(report(results));
}
