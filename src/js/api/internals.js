// Access between the api modules to each other's private state. Each class fills its table in a static
// block; nothing here is exported from the package, so a page reaches nothing beyond the IDL (no static
// helpers on the ML* classes through which it could get at the wasm module or its memory).
export const contextInternals = {};
export const graphInternals = {};
export const tensorInternals = {};
export const operandInternals = {};

// Contexts, graphs and tensors a page forgets without destroy() are destroyed (a timeline step) and
// their native handles deleted when collected. Register with the object as its own unregister token.
export const destroyWhenCollected = new FinalizationRegistry((native) => {
  native.destroy();
  native.delete();
});
