#ifndef AUTH_DESKTOP_FUZZER_DRIVER_H
#define AUTH_DESKTOP_FUZZER_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt, linked by -sanitize=fuzzer): runs the fuzzing loop with argv's
/// options, calling `callback` with each input.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
