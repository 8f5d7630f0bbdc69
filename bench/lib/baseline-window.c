/* The baseline of the window benchmark: a minimal GTK4 application window (same default size as
 * AuthDesktop's, one label), compiled by bench/run with `pkg-config gtk4`. */
#include <gtk/gtk.h>

static void activate(GtkApplication *app, gpointer data) {
  GtkWidget *window = gtk_application_window_new(app);
  gtk_window_set_title(GTK_WINDOW(window), "Baseline");
  gtk_window_set_default_size(GTK_WINDOW(window), 480, 680);
  gtk_window_set_child(GTK_WINDOW(window), gtk_label_new("Sign in"));
  gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
  GtkApplication *app = gtk_application_new("dev.authdesktop.BenchBaseline", G_APPLICATION_DEFAULT_FLAGS);
  g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
  int status = g_application_run(G_APPLICATION(app), argc, argv);
  g_object_unref(app);
  return status;
}
