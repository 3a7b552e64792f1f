/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The solvers' shared set of positions: allocation, growth and the memory budget (the probes
 * are inline in pat-solver-private.h). */

#include "config.h"

#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "pat-solver-private.h"

#define FIRST_BITS 12
#define HUGE_TABLE_BYTES (2 * 1024 * 1024)

static gboolean
mapped (gsize bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  return bytes >= HUGE_TABLE_BYTES;
#else
  (void) bytes;
  return FALSE;
#endif
}

/* Zeroed memory for @bytes of slots, NULL when there is none. */
static guint64 *
slots_alloc (gsize bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (mapped (bytes))
    {
      void *p = mmap (NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

      if (p == MAP_FAILED)
        return NULL;
      madvise (p, bytes, MADV_HUGEPAGE);
      return p;
    }
#endif
  return g_try_malloc0 (bytes);
}

static void
slots_free (guint64 *slots,
            gsize    bytes)
{
  if (slots == NULL)
    return;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (mapped (bytes))
    {
      munmap (slots, bytes);
      return;
    }
#endif
  g_free (slots);
}

static void
set_layout (PatSolveSet *set,
            guint64      n_slots)
{
  set->n_slots = n_slots;
  set->grow_at = (gsize) n_slots / 4 * 3;
}

gboolean
pat_solve_set_init (PatSolveSet     *set,
                    guint            n_words,
                    guint64          value_mask,
                    PatSolveSetHash  hash,
                    gsize            max_bytes)
{
  gsize record = n_words * sizeof (guint64);
  guint bits = FIRST_BITS;

  g_return_val_if_fail (n_words > 0 && hash != NULL, FALSE);

  memset (set, 0, sizeof *set);
  set->n_words = n_words;
  set->value_mask = value_mask;
  set->hash = hash;
  set->max_bytes = max_bytes;
  while ((record << bits) > max_bytes && bits > 4)
    bits--;
  if ((record << bits) > max_bytes)
    return FALSE;
  set_layout (set, G_GUINT64_CONSTANT (1) << bits);
  set->slots = slots_alloc (record << bits);
  set->peak_bytes = pat_solve_set_bytes (set);
  return set->slots != NULL;
}

void
pat_solve_set_clear (PatSolveSet *set)
{
  slots_free (set->slots, pat_solve_set_bytes (set));
  set->slots = NULL;
  set->used = 0;
}

/* The size of the next table, in bytes, or 0 when the budget leaves no room to grow: double,
 * while the old and the new table fit in the budget together; but when a table a quarter of the
 * budget could no longer be doubled twice, the last growth takes the rest of the budget (from
 * 64 MiB to 384 MiB in a budget of 448 MiB, where doubling alone stops at 256). */
static gsize
next_bytes (const PatSolveSet *set)
{
  gsize record = set->n_words * sizeof (guint64);
  gsize old_bytes = pat_solve_set_bytes (set);
  gsize max = set->max_bytes;

  if (old_bytes >= max)
    return 0;
  if (max - old_bytes >= 3 * old_bytes && max - 2 * old_bytes < 6 * old_bytes)
    return (max - old_bytes) / record * record;
  if (old_bytes * 3 <= max)
    return old_bytes * 2;
  return 0;
}

/* Grows the table to next_bytes(), placing every record again. */
static gboolean
set_grow_table (PatSolveSet *set)
{
  gsize old_bytes = pat_solve_set_bytes (set);
  gsize new_bytes = next_bytes (set);
  guint64 *old = set->slots;
  guint64 old_n = set->n_slots, i;
  guint64 *slots;

  if (new_bytes <= old_bytes || (slots = slots_alloc (new_bytes)) == NULL)
    return FALSE;

  set->peak_bytes = MAX (set->peak_bytes, old_bytes + new_bytes);
  set->slots = slots;
  set_layout (set, new_bytes / (set->n_words * sizeof (guint64)));
  for (i = 0; i < old_n; i++)
    {
      const guint64 *record = old + i * set->n_words;
      guint64 j;

      if (record[0] == 0)
        continue;
      for (j = pat_solve_set_home (set, set->hash (record)); pat_solve_set_at (set, j)[0] != 0;
           j = pat_solve_set_next (set, j))
        ;
      memcpy (pat_solve_set_at (set, j), record, set->n_words * sizeof (guint64));
    }
  slots_free (old, old_bytes);
  return TRUE;
}

/* Past three quarters full: grows the table, or once the budget forbids it, lets it fill to
 * seven eighths. */
gboolean
pat_solve_set_grow (PatSolveSet *set)
{
  if (set_grow_table (set))
    return TRUE;
  return set->used + 1 <= (gsize) set->n_slots / 8 * 7;
}
