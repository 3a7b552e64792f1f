/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Penguin solver: depth-first search over positions closed under provably harmless moves. */

#include "config.h"

#include <string.h>

#include "pat-solver.h"
#include "pat-solver-private.h"

/* Pile indices of pat-penguin.c's layout. */
#define N_COLS      7
#define N_CELLS     7
#define FIRST_CELL  N_COLS
#define FIRST_FOUND (FIRST_CELL + N_CELLS)
#define N_PILES     (FIRST_FOUND + 4)

#define NONE        0xff
#define TO_CELLS    0xfe  /* Move.to of "the whole top run of a column into the flipper" */
#define MAX_GEN     48

/* Inside the solver a card is suit × 13 + its rank counted from the beak's (0 for the beak's
 * rank), so that a foundation holding n cards of suit s wants card s × 13 + n next, and a card
 * goes on the card numbered one higher (a relative 12 on the relative 0 of its suit). */
#define SUIT(c)     ((c) / 13)
#define REL(c)      ((c) % 13)

static inline guint
parent_of (guint c)
{
  return REL (c) == 12 ? c - 12 : c + 1;
}

static inline guint
child_of (guint c)
{
  return REL (c) == 0 ? c + 12 : c - 1;
}

typedef struct {
  guint8 from;
  guint8 to;
  guint8 count;
  guint8 card;   /* TO_CELLS: the run's base, the last card to go */
} Move;

typedef struct {
  guint8  col[N_COLS][PAT_N_CARDS];
  guint8  len[N_COLS];
  guint8  cell[N_CELLS];
  guint8  found[4];   /* cards on each suit's foundation */
  guint8  fpile[4];   /* each suit's foundation pile */
  guint8  fsuit[4];   /* each foundation pile's suit */
  guint8  n_free;
  guint8  n_home;
  guint64 key;
} Board;

/* The position key is the XOR of one random word per card not on a foundation, picked by the
 * card and what lies under it (a card, a column's bottom, or a cell). It is the same for every
 * order of the columns and of the cells, and moving a whole run changes one term only: the
 * run's base is the only card that comes to lie on something else. */
#define UNDER_BOTTOM 52
#define UNDER_CELL   53

static inline guint64
feature (guint card,
         guint under)
{
  guint64 z = ((guint64) card << 6 | under) * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)
              + G_GUINT64_CONSTANT (0x632be59bd9b4e019);

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static inline guint
col_top (const Board *b,
         guint        x)
{
  return b->len[x] > 0 ? b->col[x][b->len[x] - 1] : NONE;
}

static inline guint
first_free_cell (const Board *b)
{
  guint i;

  for (i = 0; i < N_CELLS; i++)
    if (b->cell[i] == NONE)
      return FIRST_CELL + i;
  return NONE;
}

/* Moves @count cards between two piles: any legal move, or the reverse of one. */
static void
board_move (Board *b,
            guint  from,
            guint  to,
            guint  count)
{
  guint8 cards[PAT_N_CARDS];

  if (from < N_COLS)
    {
      guint start = b->len[from] - count;

      memcpy (cards, &b->col[from][start], count);
      b->key ^= feature (cards[0], start > 0 ? b->col[from][start - 1] : UNDER_BOTTOM);
      b->len[from] = (guint8) start;
    }
  else if (from < FIRST_FOUND)
    {
      cards[0] = b->cell[from - FIRST_CELL];
      b->cell[from - FIRST_CELL] = NONE;
      b->key ^= feature (cards[0], UNDER_CELL);
      b->n_free++;
    }
  else
    {
      guint s = b->fsuit[from - FIRST_FOUND];

      cards[0] = (guint8) (s * 13 + --b->found[s]);
      b->n_home--;
    }

  if (to < N_COLS)
    {
      guint len = b->len[to];

      b->key ^= feature (cards[0], len > 0 ? b->col[to][len - 1] : UNDER_BOTTOM);
      memcpy (&b->col[to][len], cards, count);
      b->len[to] = (guint8) (len + count);
    }
  else if (to < FIRST_FOUND)
    {
      b->cell[to - FIRST_CELL] = cards[0];
      b->key ^= feature (cards[0], UNDER_CELL);
      b->n_free--;
    }
  else
    {
      b->found[SUIT (cards[0])]++;
      b->n_home++;
    }
}

static void
apply_move (Board      *b,
            const Move *m)
{
  guint i;

  if (m->to != TO_CELLS)
    board_move (b, m->from, m->to, m->count);
  else
    for (i = 0; i < m->count; i++)
      board_move (b, m->from, first_free_cell (b), 1);
}

static void
undo_move (Board      *b,
           const Move *m)
{
  guint i, k, c;

  if (m->to != TO_CELLS)
    {
      board_move (b, m->to, m->from, m->count);
      return;
    }
  /* The base went last, so it comes back first, then the cards that were on it. */
  for (k = 0, c = m->card; k < m->count; k++, c = child_of (c))
    for (i = 0; i < N_CELLS; i++)
      if (b->cell[i] == c)
        {
          board_move (b, FIRST_CELL + i, m->from, 1);
          break;
        }
}

typedef struct {
  Move    moves[MAX_GEN];
  guint8  n_moves;
  guint8  next;
  guint32 auto_start;   /* where the automatic moves into this frame's position start */
} Frame;

typedef enum {
  INSERT_NEW,
  INSERT_SEEN,
  INSERT_FULL,
} InsertResult;

typedef struct {
  Board    board;
  PatSolveSet table;           /* the visited positions */
  Frame   *frames;
  guint    n_frames;
  guint    max_frames;
  Move    *autos;
  guint    n_autos;
  guint    n_autos_alloc;
  guint64  nodes;
} Search;

/* The keys are Zobrist hashes (already well mixed), kept whole; 0 stands for 1, as 0 marks a
 * free slot. */
static guint64
position_hash (const guint64 *record)
{
  return record[0] * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
}

static InsertResult
table_insert (PatSolveSet *table,
              guint64      key)
{
  gboolean found;

  if (key == 0)
    key = 1;
  if (pat_solve_set_insert (table, position_hash (&key), &key, &found) == NULL)
    return INSERT_FULL;
  return found ? INSERT_SEEN : INSERT_NEW;
}

static void
push_auto (Search *s,
           guint   from,
           guint   to)
{
  Move *m;

  if (s->n_autos == s->n_autos_alloc)
    {
      s->n_autos_alloc = MAX (256, s->n_autos_alloc * 2);
      s->autos = g_renew (Move, s->autos, s->n_autos_alloc);
    }
  m = &s->autos[s->n_autos++];
  m->from = (guint8) from;
  m->to = (guint8) to;
  m->count = 1;
  m->card = 0;
  board_move (&s->board, from, to, 1);
}

static void
undo_autos (Search *s,
            guint   start)
{
  while (s->n_autos > start)
    {
      const Move *a = &s->autos[--s->n_autos];

      board_move (&s->board, a->to, a->from, a->count);
    }
}

static inline gboolean
goes_home (const Board *b,
           guint        c)
{
  return REL (c) != 0 && REL (c) == b->found[SUIT (c)];
}

/* Plays the moves that can never spoil a win, until there are none:
 * - a card other than the beak's rank that is next on its foundation. Nothing can be put on
 *   it any more (its predecessor is home for good), so in the tableau it only covers cards or
 *   fills a cell: any line that plays it later can play it now and drop its other moves.
 * - a flipper card onto the card it continues at the top of a column, unless that card is of
 *   the beak's rank. The card can go straight back, so both positions are won or lost
 *   together. What the flipper version alone allows is moving the card under it as well
 *   (it cannot go home first: it needs the flipper card home before it), and that is the
 *   search's move "the whole top run into the flipper". A card of the beak's rank can go
 *   home with its successor still in the flipper, hence the exception. */
static void
close_position (Search *s)
{
  Board *b = &s->board;
  gboolean changed = TRUE;
  guint x, i;

  while (changed)
    {
      guint8 top_of[PAT_N_CARDS];
      guint64 tops = 0;

      changed = FALSE;
      for (x = 0; x < N_COLS; x++)
        {
          while (b->len[x] > 0 && goes_home (b, col_top (b, x)))
            {
              push_auto (s, x, b->fpile[SUIT (col_top (b, x))]);
              changed = TRUE;
            }
          if (b->len[x] > 0)
            {
              tops |= G_GUINT64_CONSTANT (1) << col_top (b, x);
              top_of[col_top (b, x)] = (guint8) x;
            }
        }
      for (i = 0; i < N_CELLS; i++)
        {
          guint c = b->cell[i];

          if (c == NONE)
            continue;
          if (goes_home (b, c))
            {
              push_auto (s, FIRST_CELL + i, b->fpile[SUIT (c)]);
              changed = TRUE;
            }
          else if (REL (c) != 12 && (tops >> parent_of (c) & 1) != 0)
            {
              x = top_of[parent_of (c)];
              push_auto (s, FIRST_CELL + i, x);
              tops &= ~(G_GUINT64_CONSTANT (1) << parent_of (c));
              changed = TRUE;
            }
        }
    }
}

/* The search's moves from a closed position, the most promising first. Left out are the moves
 * that lead to the same position up to the order of the cells and of the empty columns, and
 * the ones the closure would undo or turn into another move listed here: the position after
 * a partial run into the flipper closes back to this one, and a lone card whose successor
 * tops a column lands on it from the flipper. Only a run's base can be off the card it
 * continues, so a run moves whole, except a relative 12 lying on the beak. */
/* Where each column's top run starts (@base), the column each run's head (@base_of) and each top
 * card (@top_of) is in, NONE elsewhere; returns the first empty column, or NONE. */
static guint
scan_columns (const Board *b,
              guint8       base[N_COLS],
              guint8       base_of[PAT_N_CARDS],
              guint8       top_of[PAT_N_CARDS])
{
  guint empty = NONE;
  guint x, j;

  memset (base_of, NONE, PAT_N_CARDS);
  memset (top_of, NONE, PAT_N_CARDS);
  for (x = 0; x < N_COLS; x++)
    {
      guint len = b->len[x];

      base[x] = 0;
      if (len == 0)
        {
          if (empty == NONE)
            empty = x;
          continue;
        }
      for (j = len - 1; j > 0 && b->col[x][j - 1] == parent_of (b->col[x][j]); j--)
        ;
      base[x] = (guint8) j;
      base_of[b->col[x][j]] = (guint8) x;
      top_of[b->col[x][len - 1]] = (guint8) x;
    }
  return empty;
}

/* Orders @f's @n moves by @score, best first (insertion sort: there are few), and starts it. */
static void
sort_moves (Frame *f,
            int   *score,
            guint  n)
{
  guint i, j;

  for (i = 1; i < n; i++)
    {
      Move m = f->moves[i];
      int sc = score[i];

      for (j = i; j > 0 && score[j - 1] < sc; j--)
        {
          f->moves[j] = f->moves[j - 1];
          score[j] = score[j - 1];
        }
      f->moves[j] = m;
      score[j] = sc;
    }
  f->n_moves = (guint8) n;
  f->next = 0;
}

static void
generate (Search *s,
          Frame  *f)
{
  const Board *b = &s->board;
  guint8 base[N_COLS];
  guint8 base_of[PAT_N_CARDS];
  guint8 top_of[PAT_N_CARDS];
  int score[MAX_GEN];
  guint n = 0;
  guint x, y, i, j;
  guint empty;

  empty = scan_columns (b, base, base_of, top_of);

#define ADD(from_, to_, count_, card_, score_) \
  G_STMT_START { \
    f->moves[n].from = (guint8) (from_); \
    f->moves[n].to = (guint8) (to_); \
    f->moves[n].count = (guint8) (count_); \
    f->moves[n].card = (guint8) (card_); \
    score[n] = (score_); \
    n++; \
  } G_STMT_END

  /* What uncovering the card under position @j_ of column @x_ is worth. */
#define EXPOSE(x_, j_) \
  ((j_) == 0 ? 1000 : goes_home (b, b->col[x_][(j_) - 1]) ? 2000 : 0)

  /* A card of the beak's rank to its empty foundation. */
  for (x = 0; x < N_COLS; x++)
    if (b->len[x] > 0 && REL (col_top (b, x)) == 0 && b->found[SUIT (col_top (b, x))] == 0)
      ADD (x, b->fpile[SUIT (col_top (b, x))], 1, 0, 10000);
  for (i = 0; i < N_CELLS; i++)
    if (b->cell[i] != NONE && REL (b->cell[i]) == 0 && b->found[SUIT (b->cell[i])] == 0)
      ADD (FIRST_CELL + i, b->fpile[SUIT (b->cell[i])], 1, 0, 10000);

  /* A flipper card one below the beak onto a card of the beak's rank (the closure leaves
   * those), or into an empty column (which one is immaterial). */
  for (i = 0; i < N_CELLS; i++)
    if (b->cell[i] != NONE && REL (b->cell[i]) == 12)
      {
        x = top_of[parent_of (b->cell[i])];
        if (x != NONE)
          ADD (FIRST_CELL + i, x, 1, 0, 8000);
        if (empty != NONE)
          ADD (FIRST_CELL + i, empty, 1, 0, 7000);
      }

  /* A run onto the card it continues. */
  for (x = 0; x < N_COLS; x++)
    {
      if (b->len[x] == 0)
        continue;
      y = base_of[child_of (col_top (b, x))];
      if (y == NONE || y == x)
        continue;
      ADD (y, x, b->len[y] - base[y], 0, 5000 + EXPOSE (y, base[y]));
    }

  /* A run headed by a card one below the beak into an empty column, unless it heads its
   * column already. */
  if (empty != NONE)
    for (y = 0; y < N_COLS; y++)
      for (j = b->len[y]; j-- > base[y];)
        if (REL (b->col[y][j]) == 12)
          {
            if (j > 0)
              ADD (y, empty, b->len[y] - j, 0, 3000 + EXPOSE (y, j));
            break;
          }

  /* A whole top run into the flipper; or the part of it above a card of the beak's rank,
   * which the closure does not put back. */
  for (x = 0; x < N_COLS; x++)
    {
      guint len = b->len[x];
      guint k = len - base[x];
      guint c;

      if (len == 0)
        continue;
      for (j = len - 1; j > base[x]; j--)
        if (REL (b->col[x][j - 1]) == 0)
          {
            if (len - j <= b->n_free)
              ADD (x, TO_CELLS, len - j, b->col[x][j], 1200 - 200 * (int) (len - j));
            break;
          }
      c = b->col[x][base[x]];
      y = top_of[parent_of (c)];
      if (k > b->n_free || (y != NONE && REL (c) != 12))
        continue;
      ADD (x, TO_CELLS, k, c, 1200 - 200 * (int) k + EXPOSE (x, base[x]));
    }
#undef ADD
#undef EXPOSE

  sort_moves (f, score, n);
}

/* Loads @state into @b; FALSE when it is no Penguin position. */
static gboolean
board_load (Board          *b,
            const PatState *state)
{
  guint beak = state->base_rank;
  gboolean seen[PAT_N_CARDS] = { FALSE };
  gboolean started[4] = { FALSE };
  guint pile, i, s, n = 0;

  if (state->n_piles != N_PILES || beak < PAT_ACE || beak > PAT_KING)
    return FALSE;

  memset (b, 0, sizeof *b);
  memset (b->cell, NONE, sizeof b->cell);
  memset (b->fpile, NONE, sizeof b->fpile);
  memset (b->fsuit, NONE, sizeof b->fsuit);

  for (pile = 0; pile < N_PILES; pile++)
    {
      const PatCard *cards = pat_state_pile_cards (state, pile);
      guint len = pat_state_pile_len (state, pile);

      if (pile >= FIRST_CELL && pile < FIRST_FOUND && len > 1)
        return FALSE;
      for (i = 0; i < len; i++)
        {
          guint c = cards[i];
          guint rel;

          if (c >= PAT_N_CARDS || seen[c])
            return FALSE;
          seen[c] = TRUE;
          n++;
          rel = (pat_card_rank (c) + 13 - beak) % 13;
          s = pat_card_suit (c);
          c = s * 13 + rel;

          if (pile < N_COLS)
            b->col[pile][b->len[pile]++] = (guint8) c;
          else if (pile < FIRST_FOUND)
            b->cell[pile - FIRST_CELL] = (guint8) c;
          else
            {
              /* A foundation holds one suit from the beak's rank up. */
              if (rel != i || (i == 0 && started[s])
                  || (i > 0 && s != b->fsuit[pile - FIRST_FOUND]))
                return FALSE;
              started[s] = TRUE;
              b->fsuit[pile - FIRST_FOUND] = (guint8) s;
              b->fpile[s] = (guint8) pile;
              b->found[s]++;
            }
        }
    }
  if (n != PAT_N_CARDS)
    return FALSE;

  /* Suits not started take the empty foundations in order. */
  for (s = 0; s < 4; s++)
    if (b->fpile[s] == NONE)
      for (i = 0; i < 4; i++)
        if (b->fsuit[i] == NONE)
          {
            b->fsuit[i] = (guint8) s;
            b->fpile[s] = (guint8) (FIRST_FOUND + i);
            break;
          }

  for (pile = 0; pile < N_COLS; pile++)
    for (i = 0; i < b->len[pile]; i++)
      b->key ^= feature (b->col[pile][i], i > 0 ? b->col[pile][i - 1] : UNDER_BOTTOM);
  for (i = 0; i < N_CELLS; i++)
    if (b->cell[i] != NONE)
      b->key ^= feature (b->cell[i], UNDER_CELL);
    else
      b->n_free++;
  for (s = 0; s < 4; s++)
    b->n_home += b->found[s];
  return TRUE;
}

static void
line_add (PatSolveLine *line,
          Board        *b,
          const Move   *m)
{
  PatMove pm;
  guint i;

  if (m->to != TO_CELLS)
    {
      pm = pat_move_cards (m->from, m->to, m->count);
      pat_solve_line_push (line, &pm);
      board_move (b, m->from, m->to, m->count);
      return;
    }
  for (i = 0; i < m->count; i++)
    {
      guint cell = first_free_cell (b);

      pm = pat_move_cards (m->from, cell, 1);
      pat_solve_line_push (line, &pm);
      board_move (b, m->from, cell, 1);
    }
}

/* The winning line: each frame's automatic moves, then the move it chose; the last frame,
 * @depth, has automatic moves only. They are replayed from @state to name the actual cells
 * the flipper moves fill. */
static PatSolveResult
finish_solved (Search         *s,
               const PatState *state,
               guint           depth,
               PatSolution    *solution)
{
  PatSolveLine line;
  Board b;
  guint d, a;

  board_load (&b, state);
  pat_solve_line_init (&line);
  for (d = 0; d <= depth; d++)
    {
      const Frame *f = &s->frames[d];
      guint end = d < depth ? s->frames[d + 1].auto_start : s->n_autos;

      for (a = f->auto_start; a < end; a++)
        line_add (&line, &b, &s->autos[a]);
      if (d < depth)
        line_add (&line, &b, &f->moves[f->next - 1]);
    }
  return pat_solve_line_finish (&line, solution, s->nodes);
}

/* Makes room for frame @depth; FALSE when the budget allows no more. */
static gboolean
reserve_frame (Search *s,
               guint   depth)
{
  if (depth < s->n_frames)
    return TRUE;
  if (s->n_frames >= s->max_frames)
    return FALSE;
  s->n_frames = MIN (s->n_frames * 2, s->max_frames);
  s->frames = g_renew (Frame, s->frames, s->n_frames);
  return TRUE;
}

/* A quarter of @budget for the stack (a frame and up to a closure's worth of automatic moves per
 * level), the rest for the table. */
static gboolean
search_allocate (Search *s,
                 gsize   budget)
{
  s->max_frames = (guint) MIN (budget / 4 / (sizeof (Frame) + 8 * sizeof (Move)), G_MAXINT32);
  s->max_frames = MAX (s->max_frames, 2);
  s->n_frames = MIN (64, s->max_frames);
  s->frames = g_new (Frame, s->n_frames);
  return pat_solve_set_init (&s->table, 1, 0, position_hash, budget - budget / 4);
}

/* After each node: PAT_SOLVE_UNSOLVABLE to go on, or why to stop (nodes, time, cancel). The
 * progress callback (@limits) is wanted about every 64k nodes, the clock and the cancel flag
 * (@quiet) more often. */
static PatSolveResult
check_limits (Search               *s,
              const PatSolveLimits *limits,
              const PatSolveLimits *quiet,
              gint64                deadline,
              guint                *n_checks)
{
  PatSolveResult result;

  if (limits->max_nodes != 0 && s->nodes >= limits->max_nodes)
    return PAT_SOLVE_LIMIT;
  if ((s->nodes & (PAT_SOLVE_CHECK_INTERVAL - 1)) != 0)
    return PAT_SOLVE_UNSOLVABLE;
  result = pat_solve_should_stop (++*n_checks % 16 == 0 ? limits : quiet, s->nodes, deadline);
  return result != PAT_SOLVE_SOLVED ? result : PAT_SOLVE_UNSOLVABLE;
}

/* The depth-first search from the loaded, closed root position (already in the table): fills
 * @solution when it finds a win, and returns the verdict. */
static PatSolveResult
search (Search               *s,
        const PatState       *state,
        const PatSolveLimits *limits,
        const PatSolveLimits *quiet,
        gint64                deadline,
        PatSolution          *solution)
{
  Board *b = &s->board;
  guint depth = 0;
  guint n_checks = 0;
  PatSolveResult result = PAT_SOLVE_UNSOLVABLE;

  generate (s, &s->frames[0]);
  for (;;)
    {
      Frame *f = &s->frames[depth];
      const Move *m;
      guint auto_start;

      if (f->next == f->n_moves)
        {
          /* Back up: undo this position's automatic moves, then the move that led here. */
          undo_autos (s, f->auto_start);
          if (depth == 0)
            break;
          f = &s->frames[--depth];
          undo_move (b, &f->moves[f->next - 1]);
          continue;
        }

      m = &f->moves[f->next++];
      apply_move (b, m);
      s->nodes++;
      result = check_limits (s, limits, quiet, deadline, &n_checks);
      if (result != PAT_SOLVE_UNSOLVABLE)
        break;

      auto_start = s->n_autos;
      close_position (s);

      if (b->n_home == PAT_N_CARDS)
        {
          if (!reserve_frame (s, depth + 1))
            {
              result = PAT_SOLVE_LIMIT;
              break;
            }
          s->frames[depth + 1].auto_start = auto_start;
          return finish_solved (s, state, depth + 1, solution);
        }

      switch (table_insert (&s->table, b->key))
        {
        case INSERT_NEW:
          if (reserve_frame (s, depth + 1))
            {
              f = &s->frames[++depth];
              f->auto_start = auto_start;
              generate (s, f);
              continue;
            }
          result = PAT_SOLVE_LIMIT;
          break;
        case INSERT_SEEN:
          undo_autos (s, auto_start);
          undo_move (b, m);
          continue;
        case INSERT_FULL:
        default:
          result = PAT_SOLVE_LIMIT;
          break;
        }
      break;
    }

  return pat_solution_set (solution, result, s->nodes, NULL, 0);
}

PatSolveResult
pat_solve_penguin (const PatState       *state,
                   const PatSolveLimits *limits,
                   PatSolution          *solution)
{
  static const PatSolveLimits no_limits = { 0, };
  Search s;
  Board *b = &s.board;
  PatSolveLimits quiet;
  gint64 deadline;
  PatSolveResult result;

  if (limits == NULL)
    limits = &no_limits;
  memset (&s, 0, sizeof s);
  if (!board_load (b, state))
    return pat_solution_set (solution, PAT_SOLVE_LIMIT, 0, NULL, 0);

  /* The progress callback is wanted about every 64k nodes, the clock and the cancel flag
   * more often. */
  quiet = *limits;
  quiet.progress = NULL;
  deadline = pat_solve_deadline (limits);

  if (!search_allocate (&s, pat_solve_memory_budget (limits)))
    result = PAT_SOLVE_LIMIT;
  else
    result = pat_solve_should_stop (&quiet, 0, deadline);
  if (result != PAT_SOLVE_SOLVED)
    pat_solution_set (solution, result, 0, NULL, 0);
  else
    {
      s.frames[0].auto_start = 0;
      close_position (&s);
      if (b->n_home == PAT_N_CARDS)
        result = finish_solved (&s, state, 0, solution);
      else
        {
          table_insert (&s.table, b->key);
          result = search (&s, state, limits, &quiet, deadline, solution);
        }
    }

  pat_solve_note_memory (s.table.peak_bytes);
  pat_solve_set_clear (&s.table);
  g_free (s.frames);
  g_free (s.autos);
  return result;
}
