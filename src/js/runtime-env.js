// Facts about the JavaScript environment that every platform and the API layer share.
export const isNode = typeof process !== 'undefined' && !!process.versions?.node && typeof window === 'undefined';

// In Node, holds the process open (one referenced timer, shared by every hold) until the returned
// function is called: for work that Node does not count, such as an unref'ed worker's reply or a pending
// Atomics.waitAsync. Elsewhere it does nothing.
let holds = 0;
let holdTimer = null;
export function holdProcessOpen() {
  if (!isNode) return () => {};
  if (holds++ === 0) holdTimer = setInterval(() => {}, 1 << 30);
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    if (--holds === 0) {
      clearInterval(holdTimer);
      holdTimer = null;
    }
  };
}

// Whether Node's event loop has nothing to run but our own holds: no referenced handle (a server, a
// socket, a child process, a MessagePort, stdin...) other than stdout's and stderr's, which keep nothing
// alive while they are not writing, and no pending request, timer or immediate. What Node does not count
// (unref'ed timers and workers, promises that V8 settles itself) is not seen. False where Node cannot tell.
export function eventLoopIdle() {
  if (!isNode || typeof process.getActiveResourcesInfo !== 'function' || typeof process._getActiveHandles !== 'function') {
    return false;
  }
  let stdio = 0;
  for (const handle of process._getActiveHandles()) {
    if (handle?.fd === 1 || handle?.fd === 2) ++stdio;
    else return false;
  }
  let timeouts = holds > 0 ? 1 : 0;  // ours
  for (const kind of process.getActiveResourcesInfo()) {
    if (kind === 'Timeout' && timeouts > 0) --timeouts;
    else if ((kind === 'TTYWrap' || kind === 'PipeWrap') && stdio > 0) --stdio;
    else return false;
  }
  return true;
}

// Resolves after one task of the event loop: setImmediate in Node (a MessagePort there would hold the
// process open), a MessageChannel message elsewhere (setTimeout(0) is clamped to 4 ms once nested).
let channel = null;
const afterTask = [];
export function yieldToEventLoop() {
  if (isNode && typeof setImmediate === 'function') return new Promise((resolve) => setImmediate(resolve));
  if (typeof MessageChannel === 'function') {
    if (!channel) {
      channel = new MessageChannel();
      channel.port1.onmessage = () => afterTask.shift()?.();
    }
    return new Promise((resolve) => {
      afterTask.push(resolve);
      channel.port2.postMessage(0);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}
