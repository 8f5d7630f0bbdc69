// Only the declaration in include/FuzzerDriver.h: libFuzzer itself brings LLVMFuzzerRunDriver.
#include "FuzzerDriver.h"
