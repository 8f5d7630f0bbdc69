// `auth-desktop`: what users, scripts and the desktop entry (`Exec=auth-desktop %u`) run. It replaces
// itself (execve: same process, arguments, environment and descriptors) with one of the two programs
// built beside it:
//   - no arguments: `auth-desktop-window`, which says so itself when there is no display;
//   - any arguments: `auth-desktop-cli`, the command line, which parses them (a command, a redirect URI,
//     or only global options, which it hands to the window in turn).
// It looks at nothing but the number of arguments: every other rule is the Swift programs'. Starting the
// Swift command line only for it to start the window cost the window's cold start the command line's
// own start, about 7 ms of loading its libraries; this costs a command well under a millisecond
// (docs/benchmarks.md; docs/architecture.md, "Targets").
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static char target[PATH_MAX];
static int failure;  // errno of the failed step, 0 before it ran.

// Runs from `.preinit_array`, before every initializer of the program: SwiftPM links the Swift runtime
// into every executable of a `--static-swift-stdlib` build, and its initializers cost more than the rest
// of this program. That early the C library has not set `environ` yet, so the environment is `envp`.
static void launch(int argc, char **argv, char **envp) {
  const int window = argc <= 1;
  const char *program = window ? "auth-desktop-window" : "auth-desktop-cli";
  // The folder of this executable, symlinks resolved (a link in ~/.local/bin finds the build folder).
  const ssize_t length = readlink("/proc/self/exe", target, sizeof target);
  char *slash = NULL;
  if (length > 0 && (size_t)length < sizeof target) {
    target[length] = '\0';
    slash = strrchr(target, '/');
  }
  if (slash == NULL || (size_t)(slash - target) + 1 + strlen(program) >= sizeof target) {
    failure = length < 0 ? errno : ENAMETOOLONG;
    return;
  }
  strcpy(slash + 1, program);
  if (window) {
    char *window_argv[] = {target, NULL};  // As the command line starts it: its own path as argv[0].
    execve(target, window_argv, envp);
  } else {
    execve(target, argv, envp);  // argv[0] unchanged: `ps` and `pgrep -f` still show `auth-desktop …`.
  }
  failure = errno;
}

__attribute__((used, section(".preinit_array"))) static void (*const launch_first)(int, char **, char **) = launch;

// Reached only when `launch` could not replace the process.
int main(void) {
  fprintf(stderr, "auth-desktop: cannot start %s: %s\n", target[0] ? target : "/proc/self/exe", strerror(failure));
  return 2;
}
