#!/usr/bin/env node
// Runs the checks in stages, the stages of one step at once (see docs/decisions/032-ci-in-stages.md):
//   node scripts/run-stages.mjs test    build; unit and API tests; browser stories   (npm test)
//   node scripts/run-stages.mjs check   the same, with typecheck and lint beside the build   (npm run check)
//   node scripts/run-stages.mjs ci      (or npm test -- --ci, as .ci/run calls it) check, the dependency audit, the API's engine-dependent tests on a
//                                       PostgreSQL database and Redis (ENGINE_DATABASE_URL, ENGINE_REDIS_URL: only
//                                       that stage gets them, as DATABASE_URL and REDIS_URL), the cluster test
// Each stage writes to a log of its own; a failed stage's log is printed in full. At the end: each stage and its
// seconds, and the exit code is 1 if any stage failed. A step starts only when the one before passed.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
// `npm test -- --ci` is how CI calls the README's own test command with everything CI adds to it.
const plan = process.argv.includes('--ci') ? 'ci' : (process.argv[2] ?? 'test');

/** One stage: a name, and a shell command run from the repository's root (or a function answering a code). */
const stage = (name, command, env = {}) => ({ name, command, env });

const typecheck = stage('typecheck', 'npm run typecheck');
const lint = stage('lint', 'npm run lint');
const build = stage('build', 'npm run build');
const unit = stage(
  'unit tests (contracts, demo, web)',
  'npm run test -w @boutique/contracts -w @boutique/demo -w @boutique/web',
);
const api = stage('API tests (PGlite)', 'npm run test -w @boutique/api');
// Beside each other, one test worker each: two suites of two workers on two cores made tests miss their limits.
const apiBeside = stage(api.name, `${api.command} -- --maxWorkers=1`);
const stories = stage('browser stories', 'npm run test:e2e -w @boutique/e2e');
const audit = stage('dependency audit', auditDependencies);
const engine = stage(
  'API tests (PostgreSQL, Redis)',
  'npm run test:engine -w @boutique/api -- --maxWorkers=1',
  {
    DATABASE_URL: process.env.ENGINE_DATABASE_URL,
    REDIS_URL: process.env.ENGINE_REDIS_URL ?? '',
  },
);
const cluster = stage('cluster test', 'npm run test:cluster', { CLUSTER_SKIP_BUILD: '1' });

// Typecheck, lint and build are mostly single-threaded compilers: at once, they take about half their sum. Test
// stages run alone, but for the two API suites (one worker each): their tests have 5 to 30 s limits that three
// suites at once on two cores missed (measured, decision 032); a story's browser keeps about two cores busy; and
// the cluster test measures instances under load.
const plans = {
  test: [[build], [unit], [api], [stories]],
  check: [[build, typecheck, lint], [unit], [api], [stories]],
  ci: [[build, typecheck, lint, audit], [unit], [apiBeside, engine], [stories], [cluster]],
};
const steps = plans[plan];
if (!steps) {
  console.error(`Unknown plan ${plan}: one of ${Object.keys(plans).join(', ')}.`);
  process.exit(2);
}
if (plan === 'ci' && !process.env.ENGINE_DATABASE_URL) {
  console.error('The ci plan runs API tests on PostgreSQL: set ENGINE_DATABASE_URL (and ENGINE_REDIS_URL).');
  process.exit(2);
}

const logs = mkdtempSync(join(tmpdir(), 'boutique-stages-'));
const results = [];
/** A line of the run's own report (the stages' output goes to their logs). */
const say = (line) => process.stdout.write(`${line}\n`);
const clock = () => new Date().toISOString().slice(11, 19);

function runStage({ name, command, env }) {
  const log = join(logs, `${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.log`);
  const started = performance.now();
  say(`${clock()} ▶ ${name}`);
  const done = (code) => {
    const seconds = Math.round((performance.now() - started) / 1000);
    results.push({ name, seconds, code, log });
    say(`${clock()} ${code === 0 ? '✓' : '✗'} ${name} (${seconds} s)`);
    return code;
  };
  if (typeof command === 'function') return command(log).then(done);
  return new Promise((resolve) => {
    const out = createWriteStream(log);
    const child = spawn(command, { cwd: root, shell: true, env: { ...process.env, ...env } });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code, signal) => out.end(() => resolve(done(code ?? (signal ? 1 : 0)))));
  });
}

/**
 * npm audit of the production dependencies: a high or critical finding fails; an audit the registry cannot answer
 * (network, 5xx, an endpoint it refuses) is said in one line and passes, so CI does not hang on the registry.
 */
function auditDependencies(log) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], { cwd: root });
    let json = '';
    child.stdout.on('data', (chunk) => (json += chunk));
    child.stderr.on('data', () => {});
    child.on('close', () => {
      const out = createWriteStream(log);
      let report;
      try {
        report = JSON.parse(json);
      } catch {
        report = { error: { summary: 'no JSON answer' } };
      }
      const counts = report.metadata?.vulnerabilities;
      if (report.error || !counts) {
        const why = report.message ?? report.error?.summary ?? 'no answer';
        say(`  the registry's audit answered an error (${why}): dependencies not audited`);
        return out.end(() => resolve(0));
      }
      const found = Object.values(report.vulnerabilities ?? {}).filter((v) =>
        ['high', 'critical'].includes(v.severity),
      );
      for (const v of found)
        out.write(`${v.severity}: ${v.name} ${v.range} (fix: ${JSON.stringify(v.fixAvailable)})\n`);
      out.write(`${JSON.stringify(counts)}\n`);
      out.end(() => resolve(found.length > 0 ? 1 : 0));
    });
  });
}

let failed = false;
for (const step of steps) {
  const codes = await Promise.all(step.map(runStage));
  if (codes.some((code) => code !== 0)) {
    failed = true;
    break;
  }
}

for (const r of results.filter((r) => r.code !== 0)) {
  say(`\n==== ${r.name} failed (exit ${r.code}); its log, ${r.log}:\n`);
  process.stdout.write(readFileSync(r.log, 'utf8'));
}
const width = Math.max(...results.map((r) => r.name.length));
say(`\n${'stage'.padEnd(width)}  seconds`);
for (const r of results)
  say(`${r.name.padEnd(width)}  ${String(r.seconds).padStart(7)}${r.code === 0 ? '' : '  FAILED'}`);
say(`logs: ${logs}`);
process.exit(failed ? 1 : 0);
