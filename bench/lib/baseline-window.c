/* The baseline of the window benchmark: a minimal GTK4 application window (same default size as
 * AuthDesktop's, one label), compiled by bench/run with `pkg-config gtk4`. Compiled again with
 * -DBASELINE_ADWAITA and `pkg-config libadwaita-1`, it is the same window made with libadwaita
 * (AdwApplication, AdwApplicationWindow), as AuthDesktop's is: a reference row, whose ratio to the
 * plain window is what libadwaita's start (its stylesheet, icons and settings) costs a C program. */
#ifdef BASELINE_ADWAITA
#include <adwaita.h>
#else
#include <gtk/gtk.h>
#endif

static void activate(GtkApplication *app, gpointer data) {
#ifdef BASELINE_ADWAITA
  GtkWidget *window = adw_application_window_new(app);
  adw_application_window_set_content(ADW_APPLICATION_WINDOW(window), gtk_label_new("Sign in"));
#else
  GtkWidget *window = gtk_application_window_new(app);
  gtk_window_set_child(GTK_WINDOW(window), gtk_label_new("Sign in"));
#endif
  gtk_window_set_title(GTK_WINDOW(window), "Baseline");
  gtk_window_set_default_size(GTK_WINDOW(window), 480, 680);
  gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
#ifdef BASELINE_ADWAITA
  GtkApplication *app =
      GTK_APPLICATION(adw_application_new("dev.authdesktop.BenchBaseline", G_APPLICATION_DEFAULT_FLAGS));
#else
  GtkApplication *app = gtk_application_new("dev.authdesktop.BenchBaseline", G_APPLICATION_DEFAULT_FLAGS);
#endif
  g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
  int status = g_application_run(G_APPLICATION(app), argc, argv);
  g_object_unref(app);
  return status;
}
