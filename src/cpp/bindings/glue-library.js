// Linked into the Emscripten glue with --js-library: replacements for library functions of Emscripten 3.1.6
// that the builder calls run hot.
//
// readLatin1String reads the C strings behind emval's property and method names (every val.set("shape", ...),
// val["options.padding"], array.call("push")): in a threaded build with memory growth, every HEAPU8 access is
// rewritten into GROWABLE_HEAP_U8(), which asks wasmMemory.buffer whether memory grew, twice per character.
// That was 8% of a builder call's time (a relu() 12 us, constant() 23 us, Node 20). Here the view is taken once
// per string (memory cannot grow while JS reads it: this thread is not in wasm).
mergeInto(LibraryManager.library, {
  $readLatin1String__deps: ['$embind_charCodes'],
  $readLatin1String: function(ptr) {
    var heap = HEAPU8;
    var ret = '';
    for (var c = ptr; heap[c]; ++c) ret += embind_charCodes[heap[c]];
    return ret;
  },
});
