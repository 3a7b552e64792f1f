/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The entry point of the Patience app. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>

#include "pat-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(PatApplication) app = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

#if DEVELOPMENT_PROFILE
  g_set_application_name (_("Patience (Development)"));
#else
  g_set_application_name (_("Patience"));
#endif
  app = pat_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
