#pragma once
// gettext's runtime (libintl) is part of glibc: no pkg-config package and no library to link.
#include <libintl.h>
#include <locale.h>
