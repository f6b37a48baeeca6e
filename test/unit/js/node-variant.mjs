// Which threaded build the loader must pick in this Node, worked out from V8's version and switches rather
// than from the loader's own probe, so a loader that picks wrongly fails the tests that ask.
// V8 ships relaxed SIMD from 11.4 (Chromium 114): Node 22 (V8 12.4) has it on and no longer knows the
// switch (`--[no-]experimental-wasm-relaxed-simd` is a "bad option" there); Node 20 (V8 11.3) has it off
// unless started with --experimental-wasm-relaxed-simd.
import { spawnSync } from 'node:child_process';

export const RELAXED_SIMD_ON = '--experimental-wasm-relaxed-simd';
export const RELAXED_SIMD_OFF = '--no-experimental-wasm-relaxed-simd';

// Whether relaxed SIMD is on by default in `v8Version` ("12.4.254.21-node.57").
export function v8ShipsRelaxedSimd(v8Version = process.versions.v8) {
  const [major, minor] = v8Version.split('.').map(Number);
  return major > 11 || (major === 11 && minor >= 4);
}

// Whether a process of this Node started with `execArgv` (default: this one) runs relaxed SIMD: the last
// switch on its command line or in NODE_OPTIONS, else V8's default.
export function relaxedSimdOn(execArgv = process.execArgv) {
  const args = [...(process.env.NODE_OPTIONS ?? '').split(/\s+/), ...execArgv];
  const last = args.filter((a) => a === RELAXED_SIMD_ON || a === RELAXED_SIMD_OFF).at(-1);
  return last ? last === RELAXED_SIMD_ON : v8ShipsRelaxedSimd();
}

// 'relaxed-simd-threaded' or 'simd-threaded': what createML() with threads and default options loads in
// a process of this Node started with `execArgv`.
export function threadedVariant(execArgv = process.execArgv) {
  return relaxedSimdOn(execArgv) ? 'relaxed-simd-threaded' : 'simd-threaded';
}

// Whether `node` (default: this one) accepts the relaxed SIMD switches; Node 22's V8 rejects them.
export function hasRelaxedSimdSwitch(node = process.execPath) {
  return spawnSync(node, ['--v8-options'], { encoding: 'utf8' }).stdout.includes(RELAXED_SIMD_ON);
}
