/* SPDX-License-Identifier: GPL-3.0-or-later */
/* engine-protocol.c: the text protocol's framing and its go command
 *
 * Standard input is read in a thread of its own, so that a "stop" or "quit" line reaches a
 * search while it runs; the commands themselves run one after another in the main thread,
 * and their answers come in the order of the commands.
 */

#include "engine-protocol.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "marelle/bg-marelle-endgame.h"
#include "engine-solve.h"

/* The most threads a go may ask for (the search's own bound). */
#define MAX_THREADS 16

static gboolean answer_ended;

void
engine_answer_begin (void)
{
  answer_ended = FALSE;
}

gboolean
engine_answer_ended (void)
{
  return answer_ended;
}

void
engine_answer_ok (void)
{
  printf ("ok\n");
  answer_ended = TRUE;
}

void
engine_answer_okf (const char *format,
                   ...)
{
  va_list args;

  printf ("ok ");
  va_start (args, format);
  vprintf (format, args);
  va_end (args);
  printf ("\n");
  answer_ended = TRUE;
}

void
engine_answer_ready (void)
{
  printf ("readyok\n");
  answer_ended = TRUE;
}

gboolean
engine_parse_uint (const char *text,
                   guint64     max,
                   guint64    *value,
                   GError    **error)
{
  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 0, max, value, NULL))
    {
      g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION,
                   "expected a number from 0 to %" G_GUINT64_FORMAT ", got '%s'",
                   max, text ? text : "");
      return FALSE;
    }
  return TRUE;
}

/* Input */

/* read()'s buffer: a line is cut out of it with memchr, not byte by byte. */
#define READ_SIZE 65536

struct _EngineInput
{
  GAsyncQueue *queue;     /* of EngineLine, then end_of_input */
  gboolean ended;         /* main thread: end_of_input was taken */
  GMutex lock;            /* for stops, stop_flag and on_stop together */
  guint stops;            /* the "stop" and "quit" lines read so far, and the end */
  gint stop_flag;         /* atomic: the running command's, set by a stop */
  EngineStopFunc on_stop; /* called once at a stop, under the lock, or NULL */
  gpointer on_stop_data;
};

static EngineLine end_of_input;

static gboolean
is_stop (const char *text)
{
  g_autofree char *word = g_strstrip (g_strdup (text));

  return g_str_equal (word, "stop") || g_str_equal (word, "quit");
}

/* A stop or quit line, or the end of the input: stops the running command, and one
 * already waiting (engine_input_arm). */
static void
raise_stop (EngineInput *input)
{
  g_mutex_lock (&input->lock);
  input->stops++;
  g_atomic_int_set (&input->stop_flag, 1);
  if (input->on_stop != NULL)
    input->on_stop (input->on_stop_data);
  input->on_stop = NULL;
  g_mutex_unlock (&input->lock);
}

static void
push_line (EngineInput *input,
           GString     *buf,
           gboolean     too_long)
{
  EngineLine *line = g_new0 (EngineLine, 1);

  line->too_long = too_long;
  /* A nul byte is not text either (g_utf8_validate refuses it within the length). */
  if (!too_long && g_utf8_validate (buf->str, (gssize) buf->len, NULL))
    line->text = g_strchomp (g_strndup (buf->str, buf->len));
  g_mutex_lock (&input->lock);
  line->stops = input->stops;
  g_mutex_unlock (&input->lock);
  if (line->text != NULL && is_stop (line->text))
    raise_stop (input);
  g_async_queue_push (input->queue, line);
}

static gpointer
read_input (gpointer data)
{
  EngineInput *input = data;
  g_autoptr (GString) buf = g_string_new (NULL);
  g_autofree char *chunk = g_malloc (READ_SIZE);
  gboolean too_long = FALSE;   /* the line under way: its start was dropped */

  for (;;)
    {
      ssize_t n = read (STDIN_FILENO, chunk, READ_SIZE);
      const char *p = chunk, *end = chunk + MAX (n, 0);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      while (p < end)
        {
          const char *newline = memchr (p, '\n', (gsize) (end - p));
          gsize len = (gsize) ((newline != NULL ? newline : end) - p);

          /* A line past the limit is not kept: the rest of it is skipped as it comes. */
          if (!too_long && buf->len + len > ENGINE_MAX_LINE)
            {
              too_long = TRUE;
              g_string_truncate (buf, 0);
            }
          if (!too_long)
            g_string_append_len (buf, p, (gssize) len);
          if (newline == NULL)
            break;
          push_line (input, buf, too_long);
          g_string_truncate (buf, 0);
          too_long = FALSE;
          p = newline + 1;
        }
    }
  if (buf->len > 0 || too_long)
    push_line (input, buf, too_long);
  /* The end of the input is a quit: a front end that died leaves no search running. */
  raise_stop (input);
  g_async_queue_push (input->queue, &end_of_input);
  return NULL;
}

EngineInput *
engine_input_new (void)
{
  EngineInput *input = g_new0 (EngineInput, 1);

  input->queue = g_async_queue_new ();
  g_mutex_init (&input->lock);
  /* Never joined: the tool may quit while the thread waits for a line. */
  g_thread_unref (g_thread_new ("input", read_input, input));
  return input;
}

EngineLine *
engine_input_next (EngineInput *input)
{
  EngineLine *line;

  if (input->ended)
    return NULL;
  line = g_async_queue_pop (input->queue);
  if (line != &end_of_input)
    return line;
  input->ended = TRUE;
  return NULL;
}

void
engine_input_free (EngineInput *input)
{
  if (input == NULL || !input->ended)
    return;
  g_async_queue_unref (input->queue);
  g_mutex_clear (&input->lock);
  g_free (input);
}

void
engine_line_free (EngineLine *line)
{
  if (line == NULL)
    return;
  g_free (line->text);
  g_free (line);
}

const gint *
engine_input_arm (EngineInput    *input,
                  EngineLine     *line,
                  EngineStopFunc  on_stop,
                  gpointer        data)
{
  if (input == NULL || line == NULL)
    return NULL;
  g_mutex_lock (&input->lock);
  input->on_stop = NULL;
  g_atomic_int_set (&input->stop_flag, input->stops > line->stops);
  if (g_atomic_int_get (&input->stop_flag) && on_stop != NULL)
    on_stop (data);
  else
    {
      input->on_stop = on_stop;
      input->on_stop_data = data;
    }
  g_mutex_unlock (&input->lock);
  return &input->stop_flag;
}

void
engine_input_disarm (EngineInput *input)
{
  if (input == NULL)
    return;
  g_mutex_lock (&input->lock);
  input->on_stop = NULL;
  g_mutex_unlock (&input->lock);
}

gboolean
engine_wait_endgames (const BgGame *game,
                       gboolean      wait,
                       const gint   *stop)
{
  static const gint now = 1;

  if (!bg_marelle_endgame_pending (game))
    return TRUE;
  /* On every core (0), as the tool always computed it: once for a cache. The flag now,
   * set already, only starts the computation. */
  if (!wait)
    return bg_marelle_endgame_wait (game, 0, &now);
  printf ("info endgame table: reading or computing it\n");
  return bg_marelle_endgame_wait (game, 0, stop);
}

/* go */

typedef enum
{
  LIMIT_LEVEL,
  LIMIT_DEPTH,
  LIMIT_TIME,
  LIMIT_NODES,
  LIMIT_THREADS,
  LIMIT_SEED,
  N_LIMITS
} LimitKind;

static const struct
{
  const char *name;
  guint64 min, max;
} limit_specs[N_LIMITS] = {
  [LIMIT_LEVEL] = { "level", BG_LEVEL_MIN, BG_LEVEL_PERFECT },
  /* 0 is no limit to the search: refused here, where it would read as none at all. */
  [LIMIT_DEPTH] = { "depth", 1, BG_SEARCH_MAX_PLY - 1 },
  [LIMIT_TIME] = { "time", 1, 3600000 },
  [LIMIT_NODES] = { "nodes", 1, G_MAXUINT64 },
  [LIMIT_THREADS] = { "threads", 1, MAX_THREADS },
  [LIMIT_SEED] = { "seed", 0, G_MAXUINT32 },
};

static gboolean
parse_limit (const char *name,
             const char *text,
             gboolean    given[N_LIMITS],
             guint64     values[N_LIMITS],
             GError    **error)
{
  for (guint k = 0; k < N_LIMITS; k++)
    {
      if (!g_str_equal (name, limit_specs[k].name))
        continue;
      if (text == NULL)
        return g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION, "'%s' needs a value", name),
               FALSE;
      if (given[k])
        return g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION,
                            "the limit '%s' is given twice", name), FALSE;
      given[k] = TRUE;
      if (k == LIMIT_LEVEL && g_str_equal (text, "perfect"))
        values[k] = BG_LEVEL_PERFECT;
      else if (!g_ascii_string_to_unsigned (text, 10, limit_specs[k].min, limit_specs[k].max,
                                            &values[k], NULL))
        return g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION,
                            "the %s is a number from %" G_GUINT64_FORMAT " to %"
                            G_GUINT64_FORMAT "%s, not '%s'", name, limit_specs[k].min,
                            limit_specs[k].max, k == LIMIT_LEVEL ? " (7: perfect)" : "", text),
               FALSE;
      return TRUE;
    }
  return g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION,
                      "unknown limit '%s' (level, depth, time, nodes, threads, seed)", name),
         FALSE;
}

/* The limits given, whatever their order, win over the level's; without a level, only
 * the limits given bound the search (go alone searches as level 4). */
static gboolean
parse_go_limits (char          **args,
                 BgSearchLimits *limits,
                 GError        **error)
{
  gboolean given[N_LIMITS] = { FALSE };
  guint64 values[N_LIMITS] = { 0 };

  for (guint i = 0; args[i] != NULL; i += 2)
    if (!parse_limit (args[i], args[i + 1], given, values, error))
      return FALSE;
  if (given[LIMIT_LEVEL])
    bg_search_limits_for_level ((int) values[LIMIT_LEVEL], limits);
  else if (!given[LIMIT_DEPTH] && !given[LIMIT_TIME] && !given[LIMIT_NODES])
    bg_search_limits_for_level (4, limits);
  else
    {
      memset (limits, 0, sizeof *limits);
      limits->max_depth = BG_SEARCH_MAX_PLY - 1;
    }
  if (given[LIMIT_DEPTH])
    limits->max_depth = (guint) values[LIMIT_DEPTH];
  if (given[LIMIT_TIME])
    limits->time_limit_ms = (gint64) values[LIMIT_TIME];
  if (given[LIMIT_NODES])
    limits->node_limit = values[LIMIT_NODES];
  if (given[LIMIT_THREADS])
    limits->threads = (guint) values[LIMIT_THREADS];
  if (given[LIMIT_SEED])
    limits->seed = (guint32) values[LIMIT_SEED];
  return TRUE;
}

static void
print_info (const BgGame         *game,
            const BgSearchResult *result)
{
  g_autoptr (BgGame) line = bg_game_copy (game);

  printf ("info depth %u score %d nodes %" G_GUINT64_FORMAT " time %" G_GINT64_FORMAT
          " nps %.0f pv",
          result->depth, result->score, result->nodes, result->time_us / 1000,
          result->nodes / MAX (result->time_us / 1e6, 1e-6));
  for (guint i = 0; i < result->pv_len; i++)
    {
      g_autofree char *text = bg_game_format_move (line, result->pv[i]);

      if (!bg_game_play (line, result->pv[i], NULL))
        break;
      printf (" %s", text);
    }
  printf ("\n");
}

static void
on_iteration (const BgSearchResult *result,
              gpointer              game)
{
  print_info (game, result);
}

gboolean
engine_go (BgGame       *game,
           BgSearch     *search,
           EngineInput  *input,
           EngineLine   *line,
           char        **args,
           GError      **error)
{
  BgSearchLimits limits;
  BgSearchResult result;
  g_autofree char *best = NULL;

  if (!parse_go_limits (args, &limits, error))
    return FALSE;
  /* Without a seed of its own, the game's: a loaded game replays as it was played. */
  if (limits.seed == 0)
    limits.seed = bg_game_search_seed (game);
  /* The perfect level of La Triple Alliance plays from the table when there is one. */
  if (limits.level == BG_LEVEL_PERFECT
      && g_str_equal (bg_game_get_rules (game)->id, "triple-alliance")
      && !engine_table_ensure ())
    printf ("info no table: the perfect level searches as level %d\n", BG_LEVEL_MAX);
  limits.cancel = engine_input_arm (input, line, NULL, NULL);
  if (!engine_wait_endgames (game, limits.time_limit_ms == 0, limits.cancel))
    printf ("info endgame table: not ready, searching without it\n");
  limits.on_iteration = on_iteration;
  limits.on_iteration_data = game;
  if (!bg_search_run (search, game, &limits, &result))
    {
      g_set_error (error, BG_ERROR, BG_ERROR_GAME_OVER, "the game is over");
      return FALSE;
    }
  best = bg_game_format_move (game, result.move);
  if (limits.level == BG_LEVEL_PERFECT)
    engine_print_table_value (game);
  /* The whole search's figures, every thread's nodes. */
  print_info (game, &result);
  printf ("bestmove %s\n", best);
  return TRUE;
}
