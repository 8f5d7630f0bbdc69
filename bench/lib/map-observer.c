/* An external observer of "window mapped", the same for AuthDesktop and the C baseline: it watches
 * the root window's children (no window manager runs under Xvfb, so a toplevel is one) and prints the
 * CLOCK_MONOTONIC time of the first MapNotify of a managed (not override-redirect) window.
 * Prints "ready" once it listens; bench/run starts the program under test after that line. */
#include <X11/Xlib.h>
#include <stdio.h>
#include <time.h>

int main(void) {
  Display *display = XOpenDisplay(NULL);
  if (!display) {
    fprintf(stderr, "map-observer: cannot open the display\n");
    return 2;
  }
  XSelectInput(display, DefaultRootWindow(display), SubstructureNotifyMask);
  XSync(display, False);
  printf("ready\n");
  fflush(stdout);
  for (;;) {
    XEvent event;
    XNextEvent(display, &event);
    if (event.type == MapNotify && !event.xmap.override_redirect) {
      struct timespec now;
      clock_gettime(CLOCK_MONOTONIC, &now);
      printf("%lld.%09ld 0x%lx\n", (long long)now.tv_sec, now.tv_nsec, (unsigned long)event.xmap.window);
      fflush(stdout);
      return 0;
    }
  }
}
