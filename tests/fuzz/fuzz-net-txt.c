/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fuzz target: a match announcement's TXT record, in DNS wire form (strings each led by their
 * length byte), read with pat_net_match_info_from_txt(). */

#include "config.h"

#include <string.h>

#include "fuzz-common.h"
#include "pat-net-discovery.h"

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init_glib ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GPtrArray) txt = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr(GPtrArray) written = NULL;
  g_autoptr(GError) error = NULL;
  PatNetMatchInfo info, again;
  size_t offset = 0;

  while (offset < size)
    {
      size_t length = MIN ((size_t) data[offset], size - offset - 1);

      g_ptr_array_add (txt, g_bytes_new (data + offset + 1, length));
      offset += length + 1;
    }

  if (!pat_net_match_info_from_txt (txt, &info, &error))
    {
      g_assert_nonnull (error);
      g_assert_true (error->domain == PAT_NET_DISCOVERY_ERROR);
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      return 0;
    }
  g_assert_no_error (error);
  g_assert_true (pat_net_name_valid (info.name, NULL));
  g_assert_true (info.host_name[0] == '\0' || pat_net_name_valid (info.host_name, NULL));
  g_assert_cmpuint (info.players, <=, info.max_players);
  g_assert_cmpuint (info.max_players, <=, PAT_NET_MAX_PLAYERS);

  /* What was read, written again, reads back the same. */
  written = pat_net_match_info_to_txt (&info);
  g_assert_true (pat_net_match_info_from_txt (written, &again, &error));
  g_assert_no_error (error);
  g_assert_true (memcmp (&info, &again, sizeof info) == 0);
  return 0;
}
