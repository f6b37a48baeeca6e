async function main() {
  const lib = await import('/dist/index.mjs');
  lib.install({ numThreads: 1, mode: 'force' });
  const out = { variant: (await lib.runtimeInfo()).variant, rows: [] };
  const ctx = await navigator.ml.createContext();
  for (const [op, shape, amp] of [['sigmoid', [1, 256, 256, 1], 4], ['sigmoid', [1, 64, 64, 16], 4], ['tanh', [1, 256, 256, 1], 4], ['hardSwish', [1, 256, 256, 1], 4], ['relu', [1, 256, 256, 1], 4], ['sigmoid', [1, 256, 256, 1], 0]]) {
    const b = new MLGraphBuilder(ctx);
    const x = b.input('x', { dataType: 'float32', shape });
    const g = await b.build({ y: b[op](x) });
    const n = shape.reduce((a, c) => a * c, 1);
    const tx = await ctx.createTensor({ dataType: 'float32', shape, writable: true });
    ctx.writeTensor(tx, new Float32Array(n).map((_, j) => Math.sin(j) * amp));
    const o = await ctx.createTensor({ dataType: 'float32', shape, readable: true });
    let best = 1e9;
    for (let r = 0; r < 40; ++r) { lib.__testing.profileNextDispatch(ctx); ctx.dispatch(g, { x: tx }, { y: o }); await ctx.readTensor(o); const p = lib.__testing.takeProfile(ctx); best = Math.min(best, p.reduce((a, s) => a + s.ms, 0)); }
    out.rows.push(`${op} ${shape.join('x')} amp ${amp}: ${(best * 1e3).toFixed(1)} us ${(best * 1e6 / n).toFixed(2)} ns/el`);
  }
  return out;
}
main().then((r) => { window.__trace = r; }, (e) => { window.__trace = { error: String(e?.stack ?? e) }; });
