/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of discovery without a network: a match's TXT record written and read back, the
 * reader's refusals of what a stranger may announce, and a clear error without a daemon. The
 * real DNS-SD is tested across network namespaces by test-net-netns.py. */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "pat-net-discovery.h"

static PatNetMatchInfo
sample_info (void)
{
  PatNetMatchInfo info = { .version = PAT_NET_PROTOCOL_VERSION, };

  g_strlcpy (info.name, "Zoë's Friday match", sizeof info.name);
  g_strlcpy (info.host_name, "Zoë", sizeof info.host_name);
  info.players = 3;
  info.max_players = 4;
  info.teams = 2;
  info.target = 500;
  return info;
}

/* A TXT record from strings, each @n bytes long or, for -1, up to its NUL. */
static GPtrArray *
txt_of (const char *const *strings,
        const gssize       *lengths)
{
  GPtrArray *txt = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  guint i;

  for (i = 0; strings[i] != NULL; i++)
    {
      gsize length = lengths != NULL && lengths[i] >= 0 ? (gsize) lengths[i] : strlen (strings[i]);

      g_ptr_array_add (txt, g_bytes_new (strings[i], length));
    }
  return txt;
}

static void
test_round_trip (void)
{
  PatNetMatchInfo info = sample_info ();
  PatNetMatchInfo back;
  g_autoptr(GPtrArray) txt = pat_net_match_info_to_txt (&info);
  g_autoptr(GError) error = NULL;

  g_assert_true (pat_net_match_info_from_txt (txt, &back, &error));
  g_assert_no_error (error);
  g_assert_cmpmem (&info, sizeof info, &back, sizeof back);

  /* Without a host's name, none is sent. */
  info.host_name[0] = '\0';
  g_clear_pointer (&txt, g_ptr_array_unref);
  txt = pat_net_match_info_to_txt (&info);
  g_assert_cmpuint (txt->len, ==, 6);
  g_assert_true (pat_net_match_info_from_txt (txt, &back, &error));
  g_assert_cmpstr (back.host_name, ==, "");
  g_assert_cmpstr (back.name, ==, info.name);
}

static void
test_tolerated (void)
{
  /* Keys in any case; an unknown key and a boolean attribute ignored; a repeated key counts
   * the first time (RFC 6763); another version read as such; teams and target optional. */
  const char *const strings[] = { "V=2", "Name=Late game", "name=Other", "players=0", "MAX=8",
                                  "colour=blue", "secure", NULL };
  g_autoptr(GPtrArray) txt = txt_of (strings, NULL);
  g_autoptr(GError) error = NULL;
  PatNetMatchInfo info;

  g_assert_true (pat_net_match_info_from_txt (txt, &info, &error));
  g_assert_no_error (error);
  g_assert_cmpint (info.version, ==, 2);
  g_assert_cmpstr (info.name, ==, "Late game");
  g_assert_cmpuint (info.players, ==, 0);
  g_assert_cmpuint (info.max_players, ==, 8);
  g_assert_cmpuint (info.teams, ==, 0);
  g_assert_cmpint (info.target, ==, 0);
}

typedef struct {
  const char *strings[20];
  gssize      lengths[20];
  const char *why;
} BadTxt;

static void
test_refused (void)
{
  static const BadTxt cases[] = {
    { { "v=1", "players=0", "max=2", NULL }, { -1, -1, -1 }, "lacks one of" },
    { { "name=A", "players=0", "max=2", NULL }, { -1, -1, -1 }, "lacks one of" },
    { { "v=1", "name=A", "max=2", NULL }, { -1, -1, -1 }, "lacks one of" },
    { { "v=0", "name=A", "players=0", "max=2", NULL }, { -1, -1, -1, -1 }, "\"v\" out of range" },
    { { "v=1x", "name=A", "players=0", "max=2", NULL }, { -1, -1, -1, -1 }, "\"v\" out of range" },
    { { "v=1", "name=A", "players=-1", "max=2", NULL }, { -1, -1, -1, -1 }, "\"players\"" },
    { { "v=1", "name=A", "players=3", "max=2", NULL }, { -1, -1, -1, -1 }, "more players" },
    { { "v=1", "name=A", "players=0", "max=9", NULL }, { -1, -1, -1, -1 }, "\"max\"" },
    { { "v=1", "name=A", "players=0", "max=0", NULL }, { -1, -1, -1, -1 }, "\"max\"" },
    { { "v=1", "name=A", "players=0", "max=2", "teams=1", NULL }, { -1, -1, -1, -1, -1 },
      "one team" },
    { { "v=1", "name=A", "players=0", "max=2", "teams=5", NULL }, { -1, -1, -1, -1, -1 },
      "\"teams\"" },
    { { "v=1", "name=A", "players=0", "max=2", "target=0", NULL }, { -1, -1, -1, -1, -1 },
      "\"target\"" },
    { { "v=1", "name=A", "players=0", "max=2", "target=100001", NULL },
      { -1, -1, -1, -1, -1 }, "\"target\"" },
    /* Names: empty, too long, a terminal escape, a direction override, not UTF-8, a NUL. */
    { { "v=1", "name=", "players=0", "max=2", NULL }, { -1, -1, -1, -1 }, "bad \"name\"" },
    { { "v=1", "name=123456789012345678901234567890123", "players=0", "max=2", NULL },
      { -1, -1, -1, -1 }, "bad \"name\"" },
    { { "v=1", "name=Evil\033[31m", "players=0", "max=2", NULL }, { -1, -1, -1, -1 },
      "bad \"name\"" },
    { { "v=1", "name=A", "host=\xe2\x80\xae" "evil", "players=0", "max=2", NULL },
      { -1, -1, -1, -1, -1 }, "bad \"host\"" },
    { { "v=1", "name=\xff\xfe", "players=0", "max=2", NULL }, { -1, -1, -1, -1 },
      "not UTF-8" },
    { { "v=1", "name=A\0B", "players=0", "max=2", NULL }, { -1, 8, -1, -1 }, "not UTF-8" },
    { { "v=1", "name= A", "players=0", "max=2", NULL }, { -1, -1, -1, -1 }, "bad \"name\"" },
    /* Too many strings. */
    { { "v=1", "name=A", "players=0", "max=2", "a", "b", "c", "d", "e", "f", "g", "h", "i",
        "j", "k", "l", "m", NULL },
      { -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1 }, "17 strings" },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) txt = txt_of (cases[i].strings, cases[i].lengths);
      g_autoptr(GError) error = NULL;
      PatNetMatchInfo info;

      g_test_message ("case %u: %s", i, cases[i].why);
      g_assert_false (pat_net_match_info_from_txt (txt, &info, &error));
      g_assert_error (error, PAT_NET_DISCOVERY_ERROR, PAT_NET_DISCOVERY_ERROR_BAD_TXT);
      g_assert_nonnull (strstr (error->message, cases[i].why));
    }
}

static void
test_too_long (void)
{
  g_autoptr(GPtrArray) txt = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr(GError) error = NULL;
  g_autofree char *long_string = g_strnfill (PAT_NET_MAX_TXT_STRING + 1, 'a');
  g_autofree char *filler = g_strnfill (PAT_NET_MAX_TXT_STRING, 'b');
  PatNetMatchInfo info;
  guint i;

  /* One string over DNS's 255 bytes. */
  g_ptr_array_add (txt, g_bytes_new_static ("v=1", 3));
  g_ptr_array_add (txt, g_bytes_new_static ("name=A", 6));
  g_ptr_array_add (txt, g_bytes_new_static ("players=0", 9));
  g_ptr_array_add (txt, g_bytes_new_static ("max=2", 5));
  g_ptr_array_add (txt, g_bytes_new (long_string, strlen (long_string)));
  g_assert_false (pat_net_match_info_from_txt (txt, &info, &error));
  g_assert_nonnull (strstr (error->message, "a string of 256 bytes"));

  /* Strings each short enough, too many bytes in all. */
  g_clear_error (&error);
  g_ptr_array_remove_index (txt, 4);
  for (i = 0; i < 4; i++)
    g_ptr_array_add (txt, g_bytes_new (filler, strlen (filler)));
  g_assert_false (pat_net_match_info_from_txt (txt, &info, &error));
  g_assert_nonnull (strstr (error->message, "bytes"));
  g_assert_nonnull (strstr (error->message, "has 1043"));
}

/* Without a daemon (here: a system bus that does not exist) discovery fails with a clear
 * error, at once, and the objects are freed cleanly. */
static void
test_unavailable (void)
{
  PatNetMatchInfo info = sample_info ();
  g_autoptr(PatNetBrowser) browser = pat_net_browser_new ();
  g_autoptr(PatNetAnnouncer) announcer = pat_net_announcer_new (&info, "127.0.0.1", 4444);
  g_autoptr(GError) error = NULL;

  g_assert_false (pat_net_browser_start (browser, &error));
  g_assert_error (error, PAT_NET_DISCOVERY_ERROR, PAT_NET_DISCOVERY_ERROR_UNAVAILABLE);
  g_assert_nonnull (strstr (error->message, "discovery is unavailable"));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (browser)), ==, 0);
  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (browser)) ==
                 PAT_TYPE_NET_FOUND_MATCH);

  g_clear_error (&error);
  g_assert_false (pat_net_announcer_start (announcer, &error));
  g_assert_error (error, PAT_NET_DISCOVERY_ERROR, PAT_NET_DISCOVERY_ERROR_UNAVAILABLE);
  pat_net_announcer_set_players (announcer, 4);
  pat_net_announcer_stop (announcer);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *bus = NULL;
  g_autofree char *dir = NULL;

  g_test_init (&argc, &argv, NULL);
  /* No daemon can be reached, whatever the machine runs. */
  dir = g_dir_make_tmp ("patience-discovery-XXXXXX", NULL);
  bus = g_strdup_printf ("unix:path=%s/no-bus", dir);
  g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", bus, TRUE);

  g_test_add_func ("/net/discovery/txt/round-trip", test_round_trip);
  g_test_add_func ("/net/discovery/txt/tolerated", test_tolerated);
  g_test_add_func ("/net/discovery/txt/refused", test_refused);
  g_test_add_func ("/net/discovery/txt/too-long", test_too_long);
  g_test_add_func ("/net/discovery/unavailable", test_unavailable);
  {
    int status = g_test_run ();

    g_rmdir (dir);
    return status;
  }
}
