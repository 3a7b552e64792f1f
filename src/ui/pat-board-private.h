/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What PatBoard's files share: its fields, its geometry, and the input entry points tests drive. */
#pragma once

#include "pat-board.h"
#include "pat-card-renderer.h"

G_BEGIN_DECLS

/* A card's flight, the longest: one of PAT_BOARD_FULL_FLIGHT card heights or more. A shorter
 * one takes less, as the square root of its length, down to PAT_BOARD_SHORTEST_FLIGHT of it
 * (the cards that go up by themselves likewise, from a shorter longest). */
#define PAT_BOARD_SLIDE_TIME       (200 * G_TIME_SPAN_MILLISECOND)
#define PAT_BOARD_FULL_FLIGHT      4.0
#define PAT_BOARD_SHORTEST_FLIGHT  0.6

/* One animated transition between two positions. Every card flies from its place in @from to
 * its place in @to; cards whose place does not change stay still. */
typedef struct {
  PatState from;
  PatState to;
  gint64   duration;                /* µs, for one card's flight */
  gint64   settle;                  /* µs into a flight at which every card is drawn in its place */
  gint64   stagger;                 /* µs per delay unit */
  guint8   delay[PAT_N_CARDS];      /* when each card leaves, in stagger units */
  guint8   max_delay;
  gboolean deal;                    /* every card that is not in the stock flies from the deck */
  int      lift_pile;               /* cards lifted by a drag start where they were dropped: */
  guint    lift_first;              /* the cards of @lift_pile from this index up, in @from, */
  double   lift_dx, lift_dy;        /* start this far from their places */
} PatBoardStep;

/* A node drawn from what @key holds, kept while it may be drawn again (see kept_node () in
 * pat-board.c): the last PAT_KEPT_NODES, the latest first. */
#define PAT_KEPT_NODES 2

typedef struct {
  GBytes        *key;
  GskRenderNode *node;
} PatKeptNode;

/* What the board under the moving cards was drawn from (see draw_under () in pat-board.c). */
typedef struct {
  PatGame  *game;
  PatState  state;                  /* the position drawn */
  PatState  game_state;             /* the game's, which the empty slots' labels ask */
  gboolean  has_step;
  PatState  step_from;
  gboolean  step_deal;
  int       lift_pile;
  guint     lift_first;
  double    lift_dx, lift_dy;
  int       drag_pile;              /* -1 without a drag */
  guint     drag_first;
  int       width, height, scale;
} PatBoardUnder;

struct _PatBoard
{
  GtkWidget        parent_instance;

  PatGame         *game;
  GSignalGroup    *game_signals;   /* "changed" and "move-applied" of the game shown */
  PatCardRenderer *renderer;

  gboolean         animations;
  gboolean         click_to_move;
  gboolean         four_colour;
  gboolean         auto_foundation; /* forwarded to the game (PatGame:auto-foundation) */
  char            *card_back;

  /* Geometry, in widget coordinates, for the size it was computed for. */
  int              geometry_width;
  int              geometry_height;
  gboolean         geometry_valid;
  gboolean         narrow;          /* the layout's narrow arrangement is drawn (get_layout ()) */
  double           card_w;
  double           card_h;
  double           fan_down;                      /* the comfortable fan offsets */
  double           fan_right;
  double           pile_x[PAT_MAX_PILES];
  double           pile_y[PAT_MAX_PILES];
  double           room[PAT_MAX_PILES];           /* how far a fan may reach past its first card */
  float            reserve[PAT_MAX_PILES];        /* fan room asked for, in card sizes */

  /* The position as of the last "changed"; a move animates from it. */
  PatState         last;
  gboolean         move_seen;
  gboolean         deal_pending;                  /* deal on the board once it is shown */
  gboolean         had_game;                      /* a game was set before this one */

  GArray          *steps;                         /* PatBoardStep, the first one running */
  guint            tick_id;
  gint64           step_start;
  gint64           elapsed;
  gboolean         lift_pending;
  int              lift_pile;
  guint            lift_first;
  double           lift_dx, lift_dy;

  /* Selected cards (click-to-move or picked up by the keyboard): the top @sel_count of
   * @sel_pile. */
  int              sel_pile;
  guint            sel_count;

  /* Pointer: where the press was, and the cards it would drag. */
  double           press_x, press_y;
  int              press_pile;
  int              press_index;
  gboolean         drag_armed;
  gboolean         dragging;
  int              drag_pile;
  guint            drag_first;
  double           drag_dx, drag_dy;
  int              drag_hover;
  gboolean         targets[PAT_MAX_PILES];

  /* Keyboard focus: a pile and a card index in it (-1 is its top card). */
  int              focus_pile;
  int              focus_index;

  gboolean         has_hint;
  PatMove          hint;

  /* What the board last said (why a move was refused): the focused pile's description for
   * screen readers until the next key or move. */
  char            *said;

  GtkGesture      *click_gesture;
  GtkGesture      *drag_gesture;

  /* The board under what moves, kept while it stays the same: a drag or a flight gives the
   * renderer the same node every frame, which it knows needs no drawing again. */
  GskRenderNode   *under_node;
  PatBoardUnder    under_key;
  guint            n_under_drawn;   /* for tests */
  /* With the cairo renderer a pile's cards in it are one node, kept while the pile stays the
   * same (draw_pile () in pat-board.c): each node is drawn at every frame. The node before is
   * kept too, for a window going back to its size before (maximized and restored, full screen
   * and back) and a move undone. */
  PatKeptNode      pile_nodes[PAT_MAX_PILES][PAT_KEPT_NODES];
  /* And the Black Hole's glow is pixels, drawn for a rectangle, darkness and scale. */
  PatKeptNode      hole_nodes[PAT_KEPT_NODES];
  guint            n_kept_drawn;    /* pile and glow nodes drawn, for tests */
  guint            n_snapshots;     /* for tests */
};

/* pat-board.c */
const PatState *pat_board_get_state          (PatBoard       *self);
/* The layout drawn and hit: the game's, or its narrow arrangement (PatLayout.narrow) when the board
 * is shaped for it; the same piles either way. */
const PatLayout *pat_board_get_layout        (PatBoard       *self);
void            pat_board_ensure_geometry    (PatBoard       *self);
void            pat_board_card_rect          (PatBoard       *self,
                                              const PatState *state,
                                              guint           pile,
                                              guint           index,
                                              graphene_rect_t *rect);
void            pat_board_slot_rect          (PatBoard       *self,
                                              guint           pile,
                                              graphene_rect_t *rect);
void            pat_board_cards_rect         (PatBoard       *self,
                                              const PatState *state,
                                              guint           pile,
                                              guint           count,
                                              graphene_rect_t *rect);
gboolean        pat_board_card_face_up       (PatBoard       *self,
                                              const PatState *state,
                                              guint           pile,
                                              guint           index);
void            pat_board_queue_lift         (PatBoard       *self,
                                              int             pile,
                                              guint           first,
                                              double          dx,
                                              double          dy);
void            pat_board_animate_return     (PatBoard       *self,
                                              int             pile,
                                              guint           first,
                                              double          dx,
                                              double          dy);
void            pat_board_finish             (PatBoard       *self);
void            pat_board_emit_message       (PatBoard       *self,
                                              const char     *text);

/* pat-board-input.c */
void            pat_board_init_input         (PatBoard       *self);
void            pat_board_reset_input        (PatBoard       *self);
gboolean        pat_board_hit_test           (PatBoard       *self,
                                              double          x,
                                              double          y,
                                              int            *pile,
                                              int            *index);
char           *pat_board_dup_pile_name      (PatBoard       *self,
                                              guint           pile);
void            pat_board_update_accessible  (PatBoard       *self);

/* Synthesised input for tests: the same paths a click, a drag or a key press takes. */
void            pat_board_test_click         (PatBoard       *self,
                                              double          x,
                                              double          y,
                                              int             n_press);
void            pat_board_test_drag          (PatBoard       *self,
                                              double          x,
                                              double          y,
                                              double          to_x,
                                              double          to_y);
gboolean        pat_board_test_drag_start    (PatBoard       *self,
                                              double          x,
                                              double          y);
void            pat_board_test_drag_move     (PatBoard       *self,
                                              double          dx,
                                              double          dy);
void            pat_board_test_drop          (PatBoard       *self);
gboolean        pat_board_test_key           (PatBoard       *self,
                                              guint           keyval,
                                              GdkModifierType modifiers);

G_END_DECLS
