// Facts about the JavaScript environment that every platform and the API layer share.
export const isNode = typeof process !== 'undefined' && !!process.versions?.node && typeof window === 'undefined';

// In Node, holds the process open (a referenced timer) until the returned function is called: for
// work that Node does not count, such as an unref'ed worker's reply or a pending Atomics.waitAsync.
// Elsewhere it does nothing.
export function holdProcessOpen() {
  if (!isNode) return () => {};
  const timer = setInterval(() => {}, 1 << 30);
  return () => clearInterval(timer);
}
