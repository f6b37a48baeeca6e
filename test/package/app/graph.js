// The graph every packaged build runs: relu of four numbers, whose result is exact.
export async function runRelu({ install, runtimeInfo }) {
  install();
  const context = await navigator.ml.createContext();
  const builder = new MLGraphBuilder(context);
  const x = builder.input('x', { dataType: 'float32', shape: [4] });
  const graph = await builder.build({ y: builder.relu(x) });
  const desc = { dataType: 'float32', shape: [4], readable: true, writable: true };
  const [tx, ty] = await Promise.all([context.createTensor(desc), context.createTensor(desc)]);
  context.writeTensor(tx, new Float32Array([-1, 2, -3, 4]));
  context.dispatch(graph, { x: tx }, { y: ty });
  const y = [...new Float32Array(await context.readTensor(ty))];
  context.destroy();
  return { y, ...(await runtimeInfo()) };
}
