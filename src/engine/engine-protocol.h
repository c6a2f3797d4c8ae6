/* SPDX-License-Identifier: GPL-3.0-or-later */
/* engine-protocol.h: the text protocol's framing (each answer's last line, the input read
 * in its own thread so that "stop" and "quit" reach a running search) and its go command */
#pragma once

#include "bg-game.h"
#include "bg-search.h"

G_BEGIN_DECLS

/* Every answer ends with exactly one line: "ok", "ok DETAIL", "readyok" (isready) or
 * "error: MESSAGE". A command that ends its own answer calls one of these; the command
 * loop ends the others' with "ok" (or their error). */
void     engine_answer_ok       (void);
void     engine_answer_okf      (const char *format,
                                 ...) G_GNUC_PRINTF (1, 2);
void     engine_answer_ready    (void);
/* Forgets the last answer (before a command); whether the command ended its answer. */
void     engine_answer_begin    (void);
gboolean engine_answer_ended    (void);

gboolean engine_parse_uint      (const char  *text,
                                 guint64      max,
                                 guint64     *value,
                                 GError     **error);

typedef struct _EngineInput EngineInput;

/* The longest command line, without its end: a longer one is refused, and not kept. */
#define ENGINE_MAX_LINE (1024 * 1024)

typedef struct
{
  char    *text;       /* the line without its end, or NULL when it was not UTF-8 text or
                        * was too long */
  gboolean too_long;   /* longer than ENGINE_MAX_LINE */
  guint    stops;      /* the "stop" and "quit" lines read before this one */
} EngineLine;

/* Reads standard input in a thread of its own; a "stop" or "quit" line, and the end of
 * the input, stop the running command at once (the stop is answered in its turn). */
EngineInput *engine_input_new   (void);
/* The next line, waiting for it; NULL at the end of the input. */
EngineLine  *engine_input_next  (EngineInput *input);
void         engine_line_free   (EngineLine  *line);
/* Frees the input once its end was read; before (after "quit"), its thread keeps it. */
void         engine_input_free  (EngineInput *input);

typedef void (*EngineStopFunc) (gpointer data);

/* For the command read as line: returns the atomic flag that a stop sets (set already
 * when a stop came after line), and has on_stop (data) called once at that stop (at once
 * when it came already), from the input's thread, until engine_input_disarm(). */
const gint  *engine_input_arm    (EngineInput    *input,
                                  EngineLine     *line,
                                  EngineStopFunc  on_stop,
                                  gpointer        data);
void         engine_input_disarm (EngineInput    *input);

/* In a Marelle game that may reach the morris endgame tables: reads or computes the table
 * on a thread of its own, and when wait, says so and waits for it until the flag stop is
 * set. Returns whether the table is ready (TRUE when the game needs none). */
gboolean     engine_wait_endgames (const BgGame *game,
                                   gboolean      wait,
                                   const gint   *stop);

/* go [level N] [depth N] [time MS] [nodes N] [threads N] [seed N]: searches the game's
 * position; prints an info line per completed iteration, a last info line and
 * "bestmove MOVE". line is the go command's line (a stop read after it stops it). */
gboolean engine_go              (BgGame       *game,
                                 BgSearch     *search,
                                 EngineInput  *input,
                                 EngineLine   *line,
                                 char        **args,
                                 GError      **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EngineLine, engine_line_free)

G_END_DECLS
