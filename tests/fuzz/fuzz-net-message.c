/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fuzz target: one network match message read with pat_net_message_read(). */

#include "config.h"

#include <string.h>

#include "fuzz-common.h"
#include "pat-net-message.h"

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
  g_autoptr(GError) error = NULL;
  g_autoptr(PatNetMessage) message = NULL;
  g_autoptr(PatNetMessage) again = NULL;
  g_autoptr(GBytes) written = NULL;
  g_autofree char *text = NULL;
  g_autofree char *text_again = NULL;

  message = pat_net_message_read (data, size, &error);
  if (message == NULL)
    {
      g_assert_nonnull (error);
      g_assert_true (error->domain == PAT_NET_ERROR);
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      return 0;
    }
  g_assert_no_error (error);
  g_assert_cmpint (message->type, <, PAT_NET_N_MESSAGE_TYPES);
  g_assert_cmpuint (message->n_players, <=, PAT_NET_MAX_PLAYERS);

  /* What was read, written again, reads back the same. */
  written = pat_net_message_write (message);
  g_assert_cmpuint (g_bytes_get_size (written), <=, PAT_NET_MAX_MESSAGE_SIZE);
  again = pat_net_message_read_bytes (written, &error);
  g_assert_no_error (error);
  text = pat_net_message_to_string (message);
  text_again = pat_net_message_to_string (again);
  g_assert_cmpstr (text, ==, text_again);
  return 0;
}
