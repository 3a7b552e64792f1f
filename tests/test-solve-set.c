/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The solvers' shared set of positions (pat-solver-private.h): lookups, values, growth, the
 * memory budget, several records of a key, and tables large enough for huge pages. */

#include <glib.h>

#include "pat-solver-private.h"

static guint64
mixed_hash (const guint64 *record)
{
  guint64 h = record[0] * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);

  return h ^ (h >> 29);
}

/* Every key in one home slot: only the probing keeps them apart. */
static guint64
same_hash (const guint64 *record)
{
  (void) record;
  return G_GUINT64_CONSTANT (0xfff0000000000000);
}

static guint64
key_of (guint64 i)
{
  return (i * 2654435761u + 7) | PAT_SOLVE_SET_USED;
}

static void
check_keys (PatSolveSet *set,
            guint64      n,
            guint64      absent_from)
{
  guint64 i;

  for (i = 0; i < n; i++)
    {
      guint64 key = key_of (i);
      guint64 *record = pat_solve_set_lookup (set, set->hash (&key), &key);

      g_assert_nonnull (record);
      g_assert_cmpuint (record[0], ==, key);
    }
  for (i = absent_from; i < absent_from + 1000; i++)
    {
      guint64 key = key_of (i);

      g_assert_null (pat_solve_set_lookup (set, set->hash (&key), &key));
    }
}

static void
test_insert_and_grow (void)
{
  PatSolveSet set;
  gsize first_bytes;
  guint64 i;

  g_assert_true (pat_solve_set_init (&set, 1, 0, mixed_hash, 64 * 1024 * 1024));
  first_bytes = pat_solve_set_bytes (&set);
  for (i = 0; i < 100000; i++)
    {
      guint64 key = key_of (i);
      gboolean found = TRUE;

      g_assert_nonnull (pat_solve_set_insert (&set, mixed_hash (&key), &key, &found));
      g_assert_false (found);
    }
  g_assert_cmpuint (set.used, ==, 100000);
  g_assert_cmpuint (pat_solve_set_bytes (&set), >, first_bytes);
  /* Never more than three quarters full while it may grow. */
  g_assert_cmpuint (set.used * 4, <=, set.n_slots * 3);
  check_keys (&set, 100000, 100000);

  for (i = 0; i < 100000; i += 7)
    {
      guint64 key = key_of (i);
      gboolean found = FALSE;

      g_assert_nonnull (pat_solve_set_insert (&set, mixed_hash (&key), &key, &found));
      g_assert_true (found);
    }
  g_assert_cmpuint (set.used, ==, 100000);
  pat_solve_set_clear (&set);
  g_assert_null (set.slots);
  g_assert_cmpuint (pat_solve_set_bytes (&set), ==, 0);
}

static void
test_one_home (void)
{
  PatSolveSet set;
  guint64 i;

  g_assert_true (pat_solve_set_init (&set, 1, 0, same_hash, 1024 * 1024));
  for (i = 0; i < 3000; i++)
    {
      guint64 key = key_of (i);

      g_assert_nonnull (pat_solve_set_add (&set, same_hash (&key), &key));
    }
  check_keys (&set, 3000, 3000);
  pat_solve_set_clear (&set);
}

/* The value bits are not part of the key, live in place and survive the table's growth. */
static void
test_values (void)
{
  const guint64 value_mask = 0xffff;
  PatSolveSet set;
  guint64 i;

  g_assert_true (pat_solve_set_init (&set, 2, value_mask, mixed_hash, 64 * 1024 * 1024));
  for (i = 0; i < 50000; i++)
    {
      guint64 key[2] = { key_of (i), (i << 16) | (i & value_mask) };
      gboolean found;
      guint64 *record = pat_solve_set_insert (&set, mixed_hash (key), key, &found);

      g_assert_false (found);
      g_assert_cmpuint (record[1] & value_mask, ==, i & value_mask);
      record[1] = (record[1] & ~value_mask) | ((i + 1) & value_mask);
    }
  for (i = 0; i < 50000; i++)
    {
      /* Another value, same key: found, with the value written last. */
      guint64 key[2] = { key_of (i), (i << 16) | 0x1234 };
      guint64 other[2] = { key_of (i), ((i + 1) << 16) };
      gboolean found;
      guint64 *record = pat_solve_set_insert (&set, mixed_hash (key), key, &found);

      g_assert_true (found);
      g_assert_cmpuint (record[1] & value_mask, ==, (i + 1) & value_mask);
      /* The second word is key too, outside the value bits. */
      g_assert_null (pat_solve_set_lookup (&set, mixed_hash (other), other));
    }
  g_assert_cmpuint (set.used, ==, 50000);
  pat_solve_set_clear (&set);
}

/* Several records of one key (Idiot's Delight's lost positions), found by walking its probes. */
static void
test_several_records_of_a_key (void)
{
  PatSolveSet set;
  guint64 key[2] = { key_of (5), 0 };
  guint seen = 0, v;
  guint64 j;

  g_assert_true (pat_solve_set_init (&set, 2, G_MAXUINT64, mixed_hash, 1024 * 1024));
  for (v = 1; v <= 3; v++)
    {
      key[1] = v;
      g_assert_nonnull (pat_solve_set_add (&set, mixed_hash (key), key));
    }
  for (j = pat_solve_set_home (&set, mixed_hash (key)); pat_solve_set_at (&set, j)[0] != 0;
       j = pat_solve_set_next (&set, j))
    if (pat_solve_set_at (&set, j)[0] == key[0])
      seen |= 1u << pat_solve_set_at (&set, j)[1];
  g_assert_cmpuint (seen, ==, 0xe);
  g_assert_cmpuint (set.used, ==, 3);
  pat_solve_set_clear (&set);
}

/* A budget too small to grow: the table fills to seven eighths, then says it is full, losing
 * nothing, and its old and new tables together never passed the budget. */
static void
test_budget (void)
{
  const gsize budget = 100 * 1024;
  PatSolveSet set;
  guint64 i, stored = 0;

  g_assert_true (pat_solve_set_init (&set, 1, 0, mixed_hash, budget));
  for (i = 0; i < 100000; i++)
    {
      guint64 key = key_of (i);
      gboolean found;

      if (pat_solve_set_insert (&set, mixed_hash (&key), &key, &found) == NULL)
        break;
      stored++;
    }
  g_assert_cmpuint (i, <, 100000);
  g_assert_cmpuint (stored, ==, set.used);
  g_assert_cmpuint (set.used, ==, set.n_slots / 8 * 7);
  g_assert_cmpuint (set.peak_bytes, <=, budget);
  g_assert_cmpuint (pat_solve_set_bytes (&set) * 3, >, budget);
  check_keys (&set, stored, 100000);
  /* A key already there is still found when the set is full. */
  {
    guint64 key = key_of (0);
    gboolean found = FALSE;

    g_assert_nonnull (pat_solve_set_insert (&set, mixed_hash (&key), &key, &found));
    g_assert_true (found);
  }
  pat_solve_set_clear (&set);

  /* Not even the smallest table fits. */
  g_assert_false (pat_solve_set_init (&set, 2, 0, mixed_hash, 64));
  pat_solve_set_clear (&set);
}

/* The last growth takes what the old table leaves of the budget, not just a doubling: the
 * table ends above two thirds of the budget (doubling alone ends at most there), not a power
 * of two of slots, and every key stays found across it, the wrap of the probes included. */
static void
test_last_growth_fills_budget (void)
{
  const gsize budget = 6 * 1024 * 1024;
  PatSolveSet set;
  guint64 i, stored = 0;

  g_assert_true (pat_solve_set_init (&set, 2, 0, mixed_hash, budget));
  for (i = 0; i < 1000000; i++)
    {
      guint64 key[2] = { key_of (i), i };

      if (pat_solve_set_add (&set, mixed_hash (key), key) == NULL)
        break;
      stored++;
    }
  g_assert_cmpuint (i, <, 1000000);
  g_assert_cmpuint (set.peak_bytes, <=, budget);
  g_assert_cmpuint (pat_solve_set_bytes (&set) * 3, >, budget * 2);
  g_assert_cmpuint (set.n_slots & (set.n_slots - 1), !=, 0);
  g_assert_cmpuint (stored, ==, set.n_slots / 8 * 7);
  for (i = 0; i < stored; i++)
    {
      guint64 key[2] = { key_of (i), i };

      g_assert_nonnull (pat_solve_set_lookup (&set, mixed_hash (key), key));
    }
  pat_solve_set_clear (&set);
}

/* Past 2 MiB the table is mapped on its own (huge pages): the same behaviour. */
static void
test_large (void)
{
  PatSolveSet set;
  guint64 i;

  g_assert_true (pat_solve_set_init (&set, 2, 0, mixed_hash, 256 * 1024 * 1024));
  for (i = 0; i < 400000; i++)
    {
      guint64 key[2] = { key_of (i), i };

      g_assert_nonnull (pat_solve_set_add (&set, mixed_hash (key), key));
    }
  g_assert_cmpuint (pat_solve_set_bytes (&set), >=, 4 * 1024 * 1024);
  for (i = 0; i < 400000; i += 13)
    {
      guint64 key[2] = { key_of (i), i };
      guint64 wrong[2] = { key_of (i), i + 1 };

      g_assert_nonnull (pat_solve_set_lookup (&set, mixed_hash (key), key));
      g_assert_null (pat_solve_set_lookup (&set, mixed_hash (wrong), wrong));
    }
  pat_solve_set_clear (&set);
}

/* The options for large tables (Demon's): homes on 64-byte lines, doubling while the doubled
 * table could double again and then the rest of the budget, and one mapping for the large tables,
 * kept by a restart. A restarted set holds none of the keys of before, even where its tables lie
 * in memory the old ones used (zeroed again, not handed out anew); never past the budget. */
static void
test_reuse (void)
{
  const gsize budget = 24 * 1024 * 1024;
  const guint64 flags = PAT_SOLVE_SET_LINES | PAT_SOLVE_SET_DOUBLE_FIRST | PAT_SOLVE_SET_REUSE;
  PatSolveSet set;
  guint round;

  g_assert_true (pat_solve_set_init_full (&set, 2, 0xff, mixed_hash, budget, flags));
  for (round = 0; round < 3; round++)
    {
      guint64 base = round * G_GUINT64_CONSTANT (10000000);
      gsize last = pat_solve_set_bytes (&set), before_last = 0;
      guint64 i, stored = 0, h;

      g_assert_cmpuint (set.used, ==, 0);
      for (i = 0; i < 2000000; i++)
        {
          guint64 key[2] = { key_of (base + i), (base + i) << 8 };

          if (pat_solve_set_add (&set, mixed_hash (key), key) == NULL)
            break;
          stored++;
          if (pat_solve_set_bytes (&set) != last)
            {
              before_last = last;
              last = pat_solve_set_bytes (&set);
              g_assert_cmpuint ((guintptr) set.slots % 64, ==, 0);
            }
        }
      g_assert_cmpuint (i, <, 2000000);
      g_assert_cmpuint (stored, ==, set.n_slots / 8 * 7);
      /* 8 MiB, doubled from 4 MiB (which 16 MiB more would not have fitted beside), then the
       * rest: 16 MiB. */
      g_assert_cmpuint (before_last, ==, 8 * 1024 * 1024);
      g_assert_cmpuint (last, ==, budget - before_last);
      g_assert_cmpuint (set.peak_bytes, <=, budget);
      for (h = 0; h < 1000; h++)
        g_assert_cmpuint (pat_solve_set_home (&set, mixed_hash (&h)) % 4, ==, 0);
      for (i = 0; i < stored; i++)
        {
          guint64 key[2] = { key_of (base + i), (base + i) << 8 | 0x17 };

          g_assert_nonnull (pat_solve_set_lookup (&set, mixed_hash (key), key));
        }
      /* Nothing of the rounds before. */
      for (i = 0; round > 0 && i < 200000; i++)
        {
          guint64 old = base - G_GUINT64_CONSTANT (10000000) + i;
          guint64 key[2] = { key_of (old), old << 8 };

          g_assert_null (pat_solve_set_lookup (&set, mixed_hash (key), key));
        }
      g_assert_true (pat_solve_set_restart (&set));
      g_assert_cmpuint (pat_solve_set_bytes (&set), <, 1024 * 1024);
    }
  pat_solve_set_clear (&set);
  g_assert_null (set.slots);
  /* Cleared, it starts again from nothing; the next set of its budget takes its mapping (kept
   * by the clear), empty too. */
  for (round = 0; round < 2; round++)
    {
      guint64 i;

      if (round == 0)
        g_assert_true (pat_solve_set_restart (&set));
      else
        g_assert_true (pat_solve_set_init_full (&set, 2, 0xff, mixed_hash, budget, flags));
      for (i = 0; i < 500000; i++)
        {
          guint64 key[2] = { key_of (i), i << 8 };
          gboolean found = TRUE;

          g_assert_nonnull (pat_solve_set_insert (&set, mixed_hash (key), key, &found));
          g_assert_false (found);
        }
      g_assert_cmpuint (set.peak_bytes, <=, budget);
      pat_solve_set_clear (&set);
    }
  pat_solve_set_drop_kept ();
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/solve-set/insert-and-grow", test_insert_and_grow);
  g_test_add_func ("/solve-set/one-home", test_one_home);
  g_test_add_func ("/solve-set/values", test_values);
  g_test_add_func ("/solve-set/several-records-of-a-key", test_several_records_of_a_key);
  g_test_add_func ("/solve-set/budget", test_budget);
  g_test_add_func ("/solve-set/large", test_large);
  g_test_add_func ("/solve-set/last-growth-fills-budget", test_last_growth_fills_budget);
  g_test_add_func ("/solve-set/reuse", test_reuse);
  return g_test_run ();
}
