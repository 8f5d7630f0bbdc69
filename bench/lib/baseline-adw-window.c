/* A reference for the window benchmark, beside its baseline (baseline-window.c): the same minimal
 * window made with libadwaita (AdwApplication, AdwApplicationWindow), as AuthDesktop's window is. What
 * libadwaita's start costs a C program — its stylesheet, its icons, its settings — shows in this one's
 * ratio to the plain GTK4 window. Compiled by bench/run with `pkg-config libadwaita-1`. */
#include <adwaita.h>

static void activate(GtkApplication *app, gpointer data) {
  GtkWidget *window = adw_application_window_new(app);
  gtk_window_set_title(GTK_WINDOW(window), "Baseline");
  gtk_window_set_default_size(GTK_WINDOW(window), 480, 680);
  adw_application_window_set_content(ADW_APPLICATION_WINDOW(window), gtk_label_new("Sign in"));
  gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
  AdwApplication *app = adw_application_new("dev.authdesktop.BenchBaseline", G_APPLICATION_DEFAULT_FLAGS);
  g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
  int status = g_application_run(G_APPLICATION(app), argc, argv);
  g_object_unref(app);
  return status;
}
