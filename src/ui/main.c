/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The entry point of the Patience app. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>

#include "pat-application.h"

/* GApplication reports a command line it cannot parse in GLib's words ("Unknown option
 * --bogus"); Patience says it as its other messages and as patience-cli do ("error: unknown
 * option --bogus"). Help is left to GApplication. */
static gboolean
check_options (int    argc,
               char **argv)
{
  g_autofree char *game = NULL;
  g_autofree char *deal = NULL;
  g_autofree char *join = NULL, *code = NULL, *name = NULL;
  int team = 0;
  gboolean flag = FALSE;
  const GOptionEntry entries[] = {
    { "game", 'g', 0, G_OPTION_ARG_STRING, &game, NULL, NULL },
    { "deal", 'd', 0, G_OPTION_ARG_STRING, &deal, NULL, NULL },
    { "join", 0, 0, G_OPTION_ARG_STRING, &join, NULL, NULL },
    { "code", 0, 0, G_OPTION_ARG_STRING, &code, NULL, NULL },
    { "name", 0, 0, G_OPTION_ARG_STRING, &name, NULL, NULL },
    { "team", 0, 0, G_OPTION_ARG_INT, &team, NULL, NULL },
    { "version", 0, 0, G_OPTION_ARG_NONE, &flag, NULL, NULL },
    { "gapplication-service", 0, 0, G_OPTION_ARG_NONE, &flag, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) copy = NULL;
  char **args;
  int n = argc, i;

  for (i = 1; i < argc; i++)
    if (g_str_has_prefix (argv[i], "--help") || g_str_equal (argv[i], "-h") ||
        g_str_equal (argv[i], "-?"))
      return TRUE;

  copy = g_new0 (char *, argc + 1);
  for (i = 0; i < argc; i++)
    copy[i] = g_strdup (argv[i]);
  /* GOption reorders and frees what it takes from the array it is given: a shallow copy. */
  args = g_memdup2 (copy, sizeof (char *) * (argc + 1));
  context = g_option_context_new (NULL);
  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &n, &args, &error))
    {
      g_autofree char *message = g_strdup (error->message);

      if (g_ascii_isupper (message[0]) && g_ascii_islower (message[1]))
        message[0] = g_ascii_tolower (message[0]);
      g_free (args);
      g_printerr (_("error: %s\n"), message);
      return FALSE;
    }
  g_free (args);
  return TRUE;
}

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
  if (!check_options (argc, argv))
    return 2;
  app = pat_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
