/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The solvers' shared set of positions: allocation, growth and the memory budget (the probes
 * are inline in pat-solver-private.h). */

#include "config.h"

#include <stdlib.h>
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

static gboolean
in_region (const PatSolveSet *set,
           const guint64     *slots)
{
  return set->region != NULL && (const guint8 *) slots >= set->region &&
         (const guint8 *) slots < set->region + set->region_bytes;
}

/* PAT_SOLVE_SET_REUSE: the region of a set cleared last on this thread, for the next one
 * (pat_solve_set_drop_kept()). */
typedef struct {
  guint8 *map;
  gsize   map_bytes;
  guint8 *region;
  gsize   region_bytes;
  guint8 *touched;
} Kept;

static void
kept_free (gpointer data)
{
  Kept *k = data;

#if defined(__linux__) && defined(MADV_HUGEPAGE)
  munmap (k->map, k->map_bytes);
#endif
  g_free (k->touched);
  g_free (k);
}

static GPrivate kept = G_PRIVATE_INIT (kept_free);

void
pat_solve_set_drop_kept (void)
{
  g_private_replace (&kept, NULL);
}

/* PAT_SOLVE_SET_REUSE: the region, once mapped, or taken from the one kept; with @map_new,
 * mapped when there is none. FALSE when there is none. */
static gboolean
region_ensure (PatSolveSet *set,
               gboolean     map_new)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  gsize chunk = HUGE_TABLE_BYTES;
  gsize bytes = set->max_bytes / chunk * chunk;
  guint8 *map;
  Kept *k;

  if (set->region != NULL)
    return TRUE;
  if ((k = g_private_get (&kept)) != NULL && (map_new || k->region_bytes == bytes))
    {
      g_private_set (&kept, NULL);
      if (k->region_bytes != bytes)
        kept_free (k);
      else
        {
          set->region_map = k->map;
          set->region_map_bytes = k->map_bytes;
          set->region = k->region;
          set->region_bytes = k->region_bytes;
          set->touched = k->touched;
          g_free (k);
          return TRUE;
        }
    }
  if (!map_new)
    return FALSE;
  /* A chunk more, to start the region on a chunk's boundary: huge pages need it. */
  map = mmap (NULL, bytes + chunk, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (map == MAP_FAILED)
    return FALSE;
  set->touched = g_try_malloc0 (bytes / chunk);
  if (set->touched == NULL)
    {
      munmap (map, bytes + chunk);
      return FALSE;
    }
  set->region_map = map;
  set->region_map_bytes = bytes + chunk;
  set->region = map + (chunk - (guintptr) map % chunk) % chunk;
  set->region_bytes = bytes;
  madvise (set->region, bytes, MADV_HUGEPAGE);
  return TRUE;
#else
  (void) set;
  (void) map_new;
  return FALSE;
#endif
}

static void
region_free (PatSolveSet *set)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (set->region_map != NULL)
    munmap (set->region_map, set->region_map_bytes);
#endif
  g_free (set->touched);
  set->region_map = NULL;
  set->region = NULL;
  set->touched = NULL;
  set->region_map_bytes = set->region_bytes = 0;
}

/* The bytes of the region touched so far. */
static gsize
region_touched (const PatSolveSet *set)
{
  gsize n = 0, c;

  for (c = 0; set->touched != NULL && c < set->region_bytes / HUGE_TABLE_BYTES; c++)
    n += set->touched[c];
  return n * HUGE_TABLE_BYTES;
}

/* Zeroed room for a table of @bytes in the region, at the end the current table (the old one
 * while the set grows) does not take; NULL when they do not fit side by side, or with
 * @only_touched when that room was not touched yet. The parts touched before are zeroed here, the
 * others come zeroed from the kernel. */
static guint64 *
region_place (PatSolveSet *set,
              gsize        bytes,
              gboolean     only_touched)
{
  gsize chunk = HUGE_TABLE_BYTES;
  gsize off = 0, c;

  if (!region_ensure (set, !only_touched))
    return NULL;
  if (bytes > set->region_bytes)
    return NULL;
  if (in_region (set, set->slots))
    {
      gsize old_off = (gsize) ((guint8 *) set->slots - set->region);

      if (old_off == 0)
        {
          off = (set->region_bytes - bytes) / chunk * chunk;
          if (off < pat_solve_set_bytes (set))
            return NULL;
        }
      else if (bytes > old_off)
        return NULL;
    }
  for (c = off / chunk; only_touched && c * chunk < off + bytes; c++)
    if (!set->touched[c])
      return NULL;
  for (c = off / chunk; c * chunk < off + bytes; c++)
    {
      if (set->touched[c])
        {
          gsize from = MAX (c * chunk, off);
          gsize to = MIN ((c + 1) * chunk, off + bytes);

          memset (set->region + from, 0, to - from);
        }
      set->touched[c] = 1;
    }
  return (guint64 *) (set->region + off);
}

/* Zeroed memory for @bytes of slots, NULL when there is none. */
static guint64 *
slots_alloc (PatSolveSet *set,
             gsize        bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (set->flags & PAT_SOLVE_SET_REUSE)
    {
      /* A small table only where the region is touched already: the kernel is slow to hand out
       * a huge page, more than a small search takes in all; but a set restarted after a large
       * one has that memory anyway, and must not take more beside it. */
      guint64 *slots = region_place (set, bytes, !mapped (bytes));

      /* A large one alone (as below) only where the region cannot be mapped at all. */
      if (slots != NULL || (mapped (bytes) && set->region != NULL))
        return slots;
    }
  if (mapped (bytes))
    {
      void *p = mmap (NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

      if (p == MAP_FAILED)
        return NULL;
      madvise (p, bytes, MADV_HUGEPAGE);
      return p;
    }
#endif
  if (set->flags & PAT_SOLVE_SET_LINES)
    {
      void *p = NULL;

      if (posix_memalign (&p, 64, bytes) != 0)
        return NULL;
      memset (p, 0, bytes);
      return p;
    }
  return g_try_malloc0 (bytes);
}

static void
slots_free (PatSolveSet *set,
            guint64     *slots,
            gsize        bytes)
{
  if (slots == NULL || in_region (set, slots))
    return;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (mapped (bytes))
    {
      munmap (slots, bytes);
      return;
    }
#endif
  if (set->flags & PAT_SOLVE_SET_LINES)
    free (slots);
  else
    g_free (slots);
}

/* The bytes of a table's size unit: a record, or with PAT_SOLVE_SET_LINES a line of them. */
static gsize
unit_bytes (const PatSolveSet *set)
{
  return (set->n_words * sizeof (guint64)) << set->home_shift;
}

static void
set_layout (PatSolveSet *set,
            guint64      n_slots)
{
  set->n_slots = n_slots;
  set->n_homes = n_slots >> set->home_shift;
  set->grow_at = (gsize) n_slots / 4 * 3;
}

/* What the set holds in memory now, with @more bytes of a table not counted yet. */
static void
note_peak (PatSolveSet *set,
           gsize        more)
{
  gsize now = more + (in_region (set, set->slots) ? 0 : pat_solve_set_bytes (set));

  if (set->region != NULL)
    now += region_touched (set);
  set->peak_bytes = MAX (set->peak_bytes, now);
}

/* The first, small table. */
static gboolean
first_table (PatSolveSet *set)
{
  gsize record = set->n_words * sizeof (guint64);
  guint bits = FIRST_BITS;

  while ((record << bits) > set->max_bytes && bits > 4)
    bits--;
  if ((record << bits) > set->max_bytes)
    return FALSE;
  set->slots = slots_alloc (set, record << bits);
  set_layout (set, G_GUINT64_CONSTANT (1) << bits);
  note_peak (set, 0);
  return set->slots != NULL;
}

gboolean
pat_solve_set_init_full (PatSolveSet     *set,
                         guint            n_words,
                         guint64          value_mask,
                         PatSolveSetHash  hash,
                         gsize            max_bytes,
                         guint            flags)
{
  g_return_val_if_fail (n_words > 0 && hash != NULL, FALSE);

  memset (set, 0, sizeof *set);
  set->n_words = n_words;
  set->flags = flags;
  set->value_mask = value_mask;
  set->hash = hash;
  set->max_bytes = max_bytes;
  /* The region holds whole chunks of 2 MiB, and the tables never need more than it. */
  if ((flags & PAT_SOLVE_SET_REUSE) && max_bytes >= HUGE_TABLE_BYTES)
    set->max_bytes = max_bytes / HUGE_TABLE_BYTES * HUGE_TABLE_BYTES;
  if ((flags & PAT_SOLVE_SET_LINES) && 64 % (n_words * sizeof (guint64)) == 0)
    set->home_shift = (guint) __builtin_ctz (64 / (n_words * sizeof (guint64)));
  return first_table (set);
}

gboolean
pat_solve_set_init (PatSolveSet     *set,
                    guint            n_words,
                    guint64          value_mask,
                    PatSolveSetHash  hash,
                    gsize            max_bytes)
{
  return pat_solve_set_init_full (set, n_words, value_mask, hash, max_bytes, 0);
}

void
pat_solve_set_clear (PatSolveSet *set)
{
  slots_free (set, set->slots, pat_solve_set_bytes (set));
  set->slots = NULL;
  set->used = 0;
  if (set->region != NULL && g_private_get (&kept) == NULL)
    {
      Kept *k = g_new (Kept, 1);

      k->map = set->region_map;
      k->map_bytes = set->region_map_bytes;
      k->region = set->region;
      k->region_bytes = set->region_bytes;
      k->touched = set->touched;
      g_private_set (&kept, k);
      set->region_map = set->region = set->touched = NULL;
      set->region_map_bytes = set->region_bytes = 0;
    }
  region_free (set);
}

gboolean
pat_solve_set_restart (PatSolveSet *set)
{
  slots_free (set, set->slots, pat_solve_set_bytes (set));
  set->slots = NULL;
  set->used = 0;
  return first_table (set);
}

/* The size of the next table, in bytes, or 0 when the budget leaves no room to grow: double,
 * while the old and the new table fit in the budget together; but when a table a quarter of the
 * budget could no longer be doubled twice, the last growth takes the rest of the budget (from
 * 64 MiB to 384 MiB in a budget of 448 MiB, where doubling alone stops at 256). With
 * PAT_SOLVE_SET_DOUBLE_FIRST, double while the doubled table could double again, then take the
 * rest. */
static gsize
next_bytes (const PatSolveSet *set)
{
  gsize unit = unit_bytes (set);
  gsize old_bytes = pat_solve_set_bytes (set);
  gsize max = set->max_bytes;

  if (old_bytes >= max)
    return 0;
  if (set->flags & PAT_SOLVE_SET_DOUBLE_FIRST)
    {
      if (old_bytes <= max / 6)
        return old_bytes * 2;
      if (max - old_bytes > old_bytes)
        return (max - old_bytes) / unit * unit;
      return 0;
    }
  if (max - old_bytes >= 3 * old_bytes && max - 2 * old_bytes < 6 * old_bytes)
    return (max - old_bytes) / unit * unit;
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

  if (new_bytes <= old_bytes || (slots = slots_alloc (set, new_bytes)) == NULL)
    return FALSE;

  note_peak (set, in_region (set, slots) ? 0 : new_bytes);
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
  slots_free (set, old, old_bytes);
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
