/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the per-game solvers share: their entry points for the registry, and budget and solution
 * helpers. */
#pragma once

#include <glib.h>
#include <string.h>

#include "pat-solver.h"

G_BEGIN_DECLS

/* The shipped games' solvers, which their rules tables point at (PatRules.solver). */
extern const PatSolver pat_solver_black_hole;      /* black-hole and all-in-a-row */
extern const PatSolver pat_solver_penguin;
extern const PatSolver pat_solver_demon;
extern const PatSolver pat_solver_idiots_delight;
extern const PatSolver pat_solver_free_columns;    /* perpetual-motion-free */

/* Their search functions, which pat_solver_solve() reaches through the rules. Each one fills
 * every field of @solution (moves NULL unless solved) and returns solution->result.
 * @limits is never NULL when called through pat_solver_solve(). */

/* black-hole and all-in-a-row */
PatSolveResult pat_solve_black_hole     (const PatState       *state,
                                         const PatSolveLimits *limits,
                                         PatSolution          *solution);
PatSolveResult pat_solve_penguin        (const PatState       *state,
                                         const PatSolveLimits *limits,
                                         PatSolution          *solution);
PatSolveResult pat_solve_demon          (const PatState       *state,
                                         const PatSolveLimits *limits,
                                         PatSolution          *solution);
/* Demon's relaxation alone (for the tests; see pat-solve-demon.c), in which the twins of the
 * cards of @exchangeable (one bit a card; the pairs of both twins) may change places: UNSOLVABLE
 * when it proves the position lost, SOLVED when it finds a win that is a win of the game, LIMIT
 * otherwise, a win that exchanges twins included. */
PatSolveResult pat_solve_demon_relaxation (const PatState       *state,
                                           const PatSolveLimits *limits,
                                           guint64               exchangeable,
                                           PatSolution          *solution);
/* The same relaxation searched as a refinement searches it after a win (for the tests): from the
 * end of the game's line that begins a win of the relaxation with every twin exchangeable, then
 * from one move earlier on that line each time that search runs out, the positions it visited
 * kept, back to @state itself. */
PatSolveResult pat_solve_demon_relaxation_guided (const PatState       *state,
                                                  const PatSolveLimits *limits,
                                                  guint64               exchangeable,
                                                  PatSolution          *solution);
/* The game's moves on the positions of Demon's relaxation (for the tests): SOLVED when it finds a
 * win, LIMIT otherwise, never UNSOLVABLE (a position stands for those its twins' exchanges give,
 * and only one of them is searched on). */
PatSolveResult pat_solve_demon_merged     (const PatState       *state,
                                           const PatSolveLimits *limits,
                                           PatSolution          *solution);
PatSolveResult pat_solve_idiots_delight (const PatState       *state,
                                         const PatSolveLimits *limits,
                                         PatSolution          *solution);
/* perpetual-motion-free */
PatSolveResult pat_solve_free_columns   (const PatState       *state,
                                         const PatSolveLimits *limits,
                                         PatSolution          *solution);

/* Idiot's Delight: the stock is dealt from its top, one card to each of the four piles in turn.
 * Of a stock of @len cards, the card at @k (0 the bottom) lands on the pile pat_idiot_stock_pile()
 * (0 the first) in the deal pat_idiot_stock_deal() (1 the next one). */
static inline guint
pat_idiot_stock_pile (guint len,
                      guint k)
{
  return (len - 1 - k) % 4;
}

static inline guint
pat_idiot_stock_deal (guint len,
                      guint k)
{
  return 1 + (len - 1 - k) / 4;
}

/* Idiot's Delight decided by satisfiability (pat-solve-idiot-sat.c): SOLVED with the winning
 * line appended to @line (PatMove), UNSOLVABLE, or why it stopped. Adds the SAT solver's
 * decisions to *work; limits->max_nodes counts them on top of *work. */
PatSolveResult pat_solve_idiot_sat      (const PatRules       *rules,
                                         const PatState       *state,
                                         const PatSolveLimits *limits,
                                         guint64              *work,
                                         GArray               *line);

/* How often (in nodes) solvers should call pat_solve_should_stop(); a power of two. */
#define PAT_SOLVE_CHECK_INTERVAL 4096

/* The clock @limits' timeout counts, in microseconds: g_get_monotonic_time(), or with
 * limits->cpu_time the calling thread's CPU time. */
gint64         pat_solve_clock         (const PatSolveLimits *limits);

/* The time of pat_solve_clock() at which @limits' timeout runs out, or G_MAXINT64 when there is
 * none. Call once at the start of a search. */
gint64         pat_solve_deadline      (const PatSolveLimits *limits);

/* The memory budget for a solver's tables: limits->max_memory, or
 * PAT_SOLVE_DEFAULT_MEMORY when 0, and never more than PAT_SOLVE_MAX_MEMORY. */
gsize          pat_solve_memory_budget (const PatSolveLimits *limits);

/* Whether the search must stop after @nodes nodes: returns PAT_SOLVE_CANCELLED when
 * *limits->cancel is set, PAT_SOLVE_LIMIT when max_nodes or the @deadline is reached,
 * and PAT_SOLVE_SOLVED (meaning "go on") otherwise. Also calls limits->progress.
 * Cheap enough to call every PAT_SOLVE_CHECK_INTERVAL nodes (it reads the clock). */
PatSolveResult pat_solve_should_stop   (const PatSolveLimits *limits,
                                        guint64               nodes,
                                        gint64                deadline);

/* Solvers report the bytes their tables reached; benchmarks read the process-wide peak. */
void           pat_solve_note_memory   (gsize                 bytes);
gsize          pat_solve_peak_memory   (void);

/* The node count at which to call pat_solve_should_stop() next, after calling it at @nodes:
 * PAT_SOLVE_CHECK_INTERVAL on, or sooner when limits->max_nodes comes first, so that a small
 * node limit is honoured exactly. */
static inline guint64
pat_solve_next_check (const PatSolveLimits *limits,
                      guint64               nodes)
{
  guint64 next = nodes + PAT_SOLVE_CHECK_INTERVAL;

  if (limits != NULL && limits->max_nodes != 0 && limits->max_nodes > nodes &&
      limits->max_nodes < next)
    next = limits->max_nodes;
  return next;
}

/* The Luby sequence 1 1 2 1 1 2 4 1 1 2 … (term @i, from 0): searches restarted with budgets in
 * these proportions waste at most a logarithmic factor over the best fixed budget, whatever it
 * is. */
static inline guint64
pat_solve_luby (guint64 i)
{
  guint64 size = 1, power = 1;

  while (size < i + 1)
    {
      size = 2 * size + 1;
      power *= 2;
    }
  while (size - 1 != i)
    {
      size = (size - 1) / 2;
      power /= 2;
      if (i >= size)
        i -= size;
    }
  return power;
}

/* The set of positions every solver keeps (seen, visited or known dead), one shape for all:
 * open addressing with linear probing over records of n_words 64-bit words.
 * - A record whose word 0 is 0 is an empty slot: callers keep a bit of word 0 set in every
 *   record they store (PAT_SOLVE_SET_USED where their key leaves it free).
 * - The bits of the last word under value_mask are a value the caller reads and rewrites in
 *   place; the rest of the record is the key. With value_mask 0 the record is all key.
 * - Callers hash their keys (any well-mixed 64 bits); a key's home slot is the hash scaled to
 *   the number of slots (its top bits when that is a power of two). The set calls the same hash
 *   function when it grows, to place the records again.
 * - The table starts small and doubles at three quarters full while the old and the new
 *   table fit in max_bytes together (callers may lower max_bytes between calls). Its last growth
 *   takes all the budget the old table leaves: from the largest power of two still under a
 *   quarter of max_bytes to the rest of max_bytes, about four fifths of it, where doubling alone
 *   would end between a third and two thirds. Past that it fills to seven eighths and then
 *   reports it is full, never evicting anything, so a search ends with a "limit" rather than a
 *   wrong verdict.
 * - Tables of 2 MiB or more are mapped on their own and marked for transparent huge pages:
 *   probes land anywhere in a large table, and with 4 KiB pages nearly all of them missed the
 *   TLB. */
#define PAT_SOLVE_SET_USED (G_GUINT64_CONSTANT (1) << 63)

typedef guint64 (*PatSolveSetHash) (const guint64 *record);

/* Options of pat_solve_set_init_full(), for a set that reaches large tables:
 * - PAT_SOLVE_SET_LINES: a key's home is the first slot of a 64-byte line (records of 8, 16, 32
 *   or 64 bytes), so that a lookup that ends in its home line touches one line of memory.
 * - PAT_SOLVE_SET_DOUBLE_FIRST: the table doubles while the doubled table could double again, and
 *   only then takes the rest of the budget (from 128 MiB to 320 MiB in a budget of 448 MiB): a
 *   smaller last table than with the rule below, but one reached later, its memory not touched
 *   before the search needs it.
 * - PAT_SOLVE_SET_REUSE: tables of 2 MiB or more are placed in one mapping of max_bytes (rounded
 *   down to whole 2 MiB) kept for the set's life, the new table at the other end from the old
 *   one while it grows (together they fit in max_bytes); pat_solve_set_restart() keeps it, and
 *   pat_solve_set_clear() keeps it for the next set on the thread: memory the kernel has handed
 *   out once (slowly, for huge pages) is zeroed again instead. A small table goes there too when
 *   it lands on memory touched already. peak_bytes counts all the mapping touched. */
enum {
  PAT_SOLVE_SET_LINES        = 1 << 0,
  PAT_SOLVE_SET_DOUBLE_FIRST = 1 << 1,
  PAT_SOLVE_SET_REUSE        = 1 << 2,
};

typedef struct {
  guint64         *slots;
  guint64          n_slots;
  guint64          n_homes;     /* n_slots >> home_shift */
  guint            home_shift;  /* PAT_SOLVE_SET_LINES: log2 of the records in a line, else 0 */
  guint            n_words;
  guint            flags;
  guint64          value_mask;
  PatSolveSetHash  hash;
  gsize            used;
  gsize            grow_at;     /* three quarters of the slots */
  gsize            max_bytes;
  gsize            peak_bytes;  /* the most the set held at once, old and new table while it grew */
  /* PAT_SOLVE_SET_REUSE: the mapping, its chunks of 2 MiB touched so far, and where it starts
   * once aligned to them */
  guint8          *region_map;
  gsize            region_map_bytes;
  guint8          *region;
  gsize            region_bytes;
  guint8          *touched;
} PatSolveSet;

/* FALSE when not even the first small table fits in @max_bytes or can be allocated. */
gboolean       pat_solve_set_init      (PatSolveSet          *set,
                                        guint                 n_words,
                                        guint64               value_mask,
                                        PatSolveSetHash       hash,
                                        gsize                 max_bytes);
/* The same, with PAT_SOLVE_SET_* @flags. */
gboolean       pat_solve_set_init_full (PatSolveSet          *set,
                                        guint                 n_words,
                                        guint64               value_mask,
                                        PatSolveSetHash       hash,
                                        gsize                 max_bytes,
                                        guint                 flags);
/* Frees the set's memory; with PAT_SOLVE_SET_REUSE, keeps its large tables' mapping for the
 * next such set of the same budget on this thread, unless one is kept already. */
void           pat_solve_set_clear     (PatSolveSet          *set);
/* Frees the mapping pat_solve_set_clear() kept on this thread, if any: for a solver using
 * PAT_SOLVE_SET_REUSE to call once it is done. */
void           pat_solve_set_drop_kept (void);
/* Empties a set pat_solve_set_init_full() made, even one cleared since, for a new search with the
 * same record and budget: its first small table again, and with PAT_SOLVE_SET_REUSE the mapping
 * kept. peak_bytes stays. FALSE when the first table cannot be allocated. */
gboolean       pat_solve_set_restart   (PatSolveSet          *set);
gboolean       pat_solve_set_grow      (PatSolveSet          *set);

/* Makes room for one more record: FALSE when the set is full. */
static inline gboolean
pat_solve_set_reserve (PatSolveSet *set)
{
  return G_LIKELY (set->used < set->grow_at) || pat_solve_set_grow (set);
}

/* The bytes the table takes now. */
static inline gsize
pat_solve_set_bytes (const PatSolveSet *set)
{
  return set->slots == NULL ? 0 : (gsize) set->n_slots * set->n_words * sizeof (guint64);
}

static inline guint64
pat_solve_set_home (const PatSolveSet *set,
                    guint64            hash)
{
  return (guint64) (((unsigned __int128) hash * set->n_homes) >> 64) << set->home_shift;
}

/* The record in slot @j, and the slot probed after it. */
static inline guint64 *
pat_solve_set_at (const PatSolveSet *set,
                  guint64            j)
{
  return set->slots + j * set->n_words;
}

static inline guint64
pat_solve_set_next (const PatSolveSet *set,
                    guint64            j)
{
  return j + 1 < set->n_slots ? j + 1 : 0;
}

/* Always inlined: GCC 12 takes a function holding nothing but a prefetch for one without effects
 * and drops the calls to it that it has not inlined yet, the prefetch with them. */
static inline G_ALWAYS_INLINE void
pat_solve_set_prefetch (const PatSolveSet *set,
                        guint64            hash)
{
  __builtin_prefetch (pat_solve_set_at (set, pat_solve_set_home (set, hash)));
}

/* Whether @record holds @key (the value bits aside). */
static inline gboolean
pat_solve_set_same (const PatSolveSet *set,
                    const guint64     *record,
                    const guint64     *key)
{
  guint last = set->n_words - 1, i;

  for (i = 0; i < last; i++)
    if (record[i] != key[i])
      return FALSE;
  return ((record[last] ^ key[last]) & ~set->value_mask) == 0;
}

/* The record holding @key (hashed to @hash), or NULL. */
static inline guint64 *
pat_solve_set_lookup (const PatSolveSet *set,
                      guint64            hash,
                      const guint64     *key)
{
  guint64 j = pat_solve_set_home (set, hash);

  for (;; j = pat_solve_set_next (set, j))
    {
      guint64 *record = pat_solve_set_at (set, j);

      if (record[0] == 0)
        return NULL;
      if (pat_solve_set_same (set, record, key))
        return record;
    }
}

/* Stores @key, value bits included, without looking whether it is there (a set that keeps
 * several records of one key scans them with pat_solve_set_home/at/next). Returns the stored
 * record, or NULL when the set is full. */
static inline guint64 *
pat_solve_set_add (PatSolveSet   *set,
                   guint64        hash,
                   const guint64 *key)
{
  guint64 j;
  guint64 *record;

  if (!pat_solve_set_reserve (set))
    return NULL;
  for (j = pat_solve_set_home (set, hash); (record = pat_solve_set_at (set, j))[0] != 0;
       j = pat_solve_set_next (set, j))
    ;
  memcpy (record, key, set->n_words * sizeof (guint64));
  set->used++;
  return record;
}

/* The record holding @key (*found set), or else a new one holding @key (value bits included);
 * NULL when it is not there and the set is full. One pass over the slots: a new record goes where
 * the look for it ended, the empty slot pat_solve_set_add() would take, unless the set must grow
 * first (then pat_solve_set_add() places it in the grown table). */
static inline guint64 *
pat_solve_set_insert (PatSolveSet   *set,
                      guint64        hash,
                      const guint64 *key,
                      gboolean      *found)
{
  guint64 j;

  for (j = pat_solve_set_home (set, hash);; j = pat_solve_set_next (set, j))
    {
      guint64 *record = pat_solve_set_at (set, j);

      if (record[0] == 0)
        {
          *found = FALSE;
          if (G_UNLIKELY (set->used >= set->grow_at))
            return pat_solve_set_add (set, hash, key);
          memcpy (record, key, set->n_words * sizeof (guint64));
          set->used++;
          return record;
        }
      if (pat_solve_set_same (set, record, key))
        {
          *found = TRUE;
          return record;
        }
    }
}

/* Fills @solution with @result and @nodes; when solved, copies the @n_moves @moves. */
PatSolveResult pat_solution_set        (PatSolution          *solution,
                                        PatSolveResult        result,
                                        guint64               nodes,
                                        const PatMove        *moves,
                                        guint                 n_moves);

/* A growable list of moves, for solvers that build their line as they search. */
typedef struct {
  PatMove *moves;
  guint    n;
  guint    size;
} PatSolveLine;

void           pat_solve_line_init     (PatSolveLine         *line);
void           pat_solve_line_push     (PatSolveLine         *line,
                                        const PatMove        *move);
void           pat_solve_line_clear    (PatSolveLine         *line);
/* Hands the line's moves over to @solution (solved) and empties @line. */
PatSolveResult pat_solve_line_finish   (PatSolveLine         *line,
                                        PatSolution          *solution,
                                        guint64               nodes);

/* Tests only: how many probes the Idiot's Delight solver makes before it asks the SAT solver
 * (pat-solve-discard.c), so that tests reach that path on small positions too; returns the
 * number before. Not thread-safe. */
guint          pat_solve_discard_set_light_probes (guint  probes);

/* Tests only: how many of the Demon solver's searches have run on more than one thread
 * (pat-solve-demon.c), so that tests know they reached that path. */
guint          pat_solve_demon_parallel_runs      (void);

G_END_DECLS
