#pragma once
// glibc's headers that Swift's Glibc module leaves out (no pkg-config package, no library to link):
// gettext's runtime (libintl), and malloc.h for `mallopt` (Sources/AuthDesktopCLI/main.swift).
#include <libintl.h>
#include <locale.h>
#include <malloc.h>
