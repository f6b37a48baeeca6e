# Relaxed SIMD kernels (sources named *wasmrelaxedsimd*.cc) with Emscripten 3.1.6, whose clang 14 has
# no relaxed-SIMD builtins and whose binaryen (108) cannot read the final relaxed opcodes:
#   - clang 19 compiles those sources alone, with Emscripten's own flags (em++ --cflags) and
#     -mcpu=mvp, so their target_features are simd128 and relaxed-simd only (clang 19's default CPU
#     would add reference-types and multivalue, which the rest of the module does not use). A
#     microkernel needs no libc or C++ runtime, so the two compilers' headers never meet in one ABI;
#     wasm-ld 14 links the objects (it copies code bodies, it does not decode them).
#   - every link of this tree skips binaryen: -O1 (no wasm-opt passes), EMCC_READ_METADATA=python
#     (Emscripten reads the metadata itself instead of running wasm-emscripten-finalize) and
#     WASM_BIGINT (no i64 legalization, which would need finalize again). The code is LLVM -O3 code
#     either way; without wasm-opt's -O3 the module is 20% larger (1.24 MB against 1.04 MB).
# Without WEBNN_RELAXED_SIMD the relaxed sources are left out and nothing here applies.

if(WEBNN_RELAXED_SIMD)
  find_program(WEBNN_RELAXED_SIMD_CXX NAMES clang++-19 PATHS /usr/lib/llvm-19/bin REQUIRED)
  find_program(WEBNN_RELAXED_SIMD_OBJCOPY NAMES llvm-objcopy-19 llvm-objcopy-14 llvm-objcopy
               PATHS /usr/lib/llvm-19/bin REQUIRED)
  execute_process(COMMAND ${CMAKE_CXX_COMPILER} --cflags OUTPUT_VARIABLE _em_cflags OUTPUT_STRIP_TRAILING_WHITESPACE
                  COMMAND_ERROR_IS_FATAL ANY)
  separate_arguments(_em_cflags UNIX_COMMAND "${_em_cflags}")
  set(WEBNN_RELAXED_SIMD_FLAGS ${_em_cflags} -std=c++20 -O3 -DNDEBUG -mcpu=mvp -msimd128 -mrelaxed-simd
      -Wall -Wextra -Wno-unused-parameter -DWEBNN_RELAXED_SIMD=1 -I${CMAKE_CURRENT_SOURCE_DIR}/src/cpp)
  if(WEBNN_THREADS)
    # Shared memory: wasm-ld wants atomics and bulk-memory in every object.
    list(APPEND WEBNN_RELAXED_SIMD_FLAGS -pthread -DWEBNN_THREADS=1)
  else()
    list(APPEND WEBNN_RELAXED_SIMD_FLAGS -DWEBNN_THREADS=0)
  endif()
  add_compile_definitions(WEBNN_RELAXED_SIMD=1)
  add_link_options(-O1 -sWASM_BIGINT=1)
  set(CMAKE_CXX_LINKER_LAUNCHER ${CMAKE_COMMAND} -E env EMCC_READ_METADATA=python)
else()
  add_compile_definitions(WEBNN_RELAXED_SIMD=0)
endif()

# Takes the relaxed sources out of the list `var`; with WEBNN_RELAXED_SIMD, puts their clang 19
# objects in instead.
function(webnn_take_relaxed_simd_sources var)
  set(srcs ${${var}})
  set(relaxed ${srcs})
  list(FILTER srcs EXCLUDE REGEX "wasmrelaxedsimd[^/]*\\.cc$")
  list(FILTER relaxed INCLUDE REGEX "wasmrelaxedsimd[^/]*\\.cc$")
  if(WEBNN_RELAXED_SIMD)
    foreach(src IN LISTS relaxed)
      file(RELATIVE_PATH rel ${CMAKE_CURRENT_SOURCE_DIR} ${src})
      set(obj ${CMAKE_CURRENT_BINARY_DIR}/relaxed-simd/${rel}.o)
      get_filename_component(dir ${obj} DIRECTORY)
      file(MAKE_DIRECTORY ${dir})
      add_custom_command(OUTPUT ${obj}
        COMMAND ${WEBNN_RELAXED_SIMD_CXX} ${WEBNN_RELAXED_SIMD_FLAGS} -MD -MF ${obj}.d -c ${src} -o ${obj}
        DEPENDS ${src} DEPFILE ${obj}.d
        COMMENT "clang 19 (relaxed SIMD) ${rel}" VERBATIM)
      list(APPEND srcs ${obj})
    endforeach()
  endif()
  set(${var} ${srcs} PARENT_SCOPE)
endfunction()

# Without wasm-opt nothing drops the function names wasm-ld writes (3.3 MB of the 4.6 MB module):
# removes that section from the artefact `target` (an Emscripten .js with its .wasm beside it).
function(webnn_relaxed_simd_strip_names target)
  if(WEBNN_RELAXED_SIMD)
    add_custom_command(TARGET ${target} POST_BUILD
      COMMAND ${WEBNN_RELAXED_SIMD_OBJCOPY} --remove-section=name
              $<TARGET_FILE_DIR:${target}>/$<TARGET_FILE_BASE_NAME:${target}>.wasm VERBATIM)
  endif()
endfunction()
