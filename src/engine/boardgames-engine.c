/* SPDX-License-Identifier: GPL-3.0-or-later */
/* boardgames-engine: drives libboardgames with a line-based text protocol
 *
 * One command per line on standard input, answers on standard output. Every error is
 * one line starting with "error:", after which the tool reads the next command.
 * The protocol is documented in docs/engine-protocol.md.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bg-game.h"
#include "marelle/bg-marelle-endgame.h"
#include "bg-save.h"
#include "bg-search.h"
#include "bg-view.h"
#include "engine-analyse.h"
#include "engine-bench.h"
#include "engine-protocol.h"
#include "engine-solve.h"
#include "engine-tournament.h"

typedef struct
{
  BgGame *game;
  BgSearch *search;
  EngineInput *input;
  EngineLine *line;        /* the command's line */
} Engine;

typedef gboolean (*CommandFunc) (Engine *engine, char **args, GError **error);

typedef struct
{
  const char *name;
  int max_args;            /* -1: any number */
  const char *usage;
  CommandFunc func;
} Command;

static gboolean
need_game (Engine  *engine,
           GError **error)
{
  if (engine->game != NULL)
    return TRUE;
  g_set_error (error, BG_ERROR, BG_ERROR_UNKNOWN_GAME, "no game: start one with 'new GAME'");
  return FALSE;
}

static void
print_status_line (Engine *engine)
{
  BgStatus status = bg_game_get_status (engine->game);
  const char *reason = bg_reason_to_string (status.reason);
  const char *const *roles = bg_game_get_rules (engine->game)->end_roles;

  switch (status.result)
    {
    case BG_RESULT_ONGOING:
      printf ("status ongoing to-move %d\n", bg_game_get_player_to_move (engine->game) + 1);
      break;
    case BG_RESULT_DRAW:
      printf ("status draw (%s)\n", reason);
      break;
    case BG_RESULT_WIN:
      if (status.winner >= 0)
        printf ("status win %d (%s)", status.winner + 1, reason);
      else
        printf ("status loss %d (%s)", status.loser + 1, reason);
      /* A game of three places: the rules' words for each (TRICHESS's seigneur, serf and
       * vassal), as the window tells them. */
      if (roles != NULL && status.winner >= 0 && status.loser >= 0 && status.other >= 0)
        printf (" %s %d %s %d %s %d", roles[0], status.winner + 1, roles[1], status.loser + 1,
                roles[2], status.other + 1);
      printf ("\n");
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
announce_draw_offer (Engine *engine)
{
  if (bg_game_has_draw_offer (engine->game))
    printf ("info draw-offer: this position has occurred %u times "
            "(answer 'draw accept' or 'draw decline')\n",
            bg_game_get_repetitions (engine->game));
}

static gboolean
cmd_games (Engine  *engine,
           char   **args,
           GError **error)
{
  const BgRules *const *rules = bg_rules_list ();

  for (guint i = 0; rules[i] != NULL; i++)
    {
      printf ("game %s \"%s\"", rules[i]->id, rules[i]->name);
      for (const BgOptionSpec *spec = rules[i]->options; spec && spec->name; spec++)
        {
          if (spec->values != NULL)
            {
              g_autofree char *values = g_strjoinv ("|", (char **) spec->values);
              printf (" %s=%s", spec->name, values);
            }
          else
            printf (" %s=%d..%d", spec->name, spec->min, spec->max);
        }
      printf ("\n");
    }
  return TRUE;
}

static gboolean
start_game (Engine      *engine,
            char       **args,
            const char  *setup,
            GError     **error)
{
  g_autoptr (GHashTable) options = NULL;
  BgGame *game;

  if (args[0] == NULL)
    {
      g_set_error (error, BG_ERROR, BG_ERROR_UNKNOWN_GAME, "which game? (see 'games')");
      return FALSE;
    }
  options = bg_options_parse ((const char *const *) args + 1, error);
  if (options == NULL)
    return FALSE;
  if (setup != NULL)
    game = bg_game_new_from_position (args[0], options, setup, error);
  else
    game = bg_game_new (args[0], options, error);
  if (game == NULL)
    return FALSE;
  g_clear_pointer (&engine->game, bg_game_free);
  engine->game = game;
  bg_search_clear (engine->search);
  engine_answer_okf ("%s", args[0]);
  return TRUE;
}

static gboolean
cmd_new (Engine  *engine,
         char   **args,
         GError **error)
{
  return start_game (engine, args, NULL, error);
}

/* setup GAME [name=value ...] : POSITION */
static gboolean
cmd_setup (Engine  *engine,
           char   **args,
           GError **error)
{
  guint colon = 0;
  g_autofree char *setup = NULL;
  g_auto (GStrv) head = NULL;

  while (args[colon] != NULL && !g_str_equal (args[colon], ":"))
    colon++;
  if (args[colon] == NULL || args[colon + 1] == NULL)
    {
      g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION,
                   "usage: setup GAME [name=value ...] : POSITION");
      return FALSE;
    }
  setup = g_strjoinv (" ", args + colon + 1);
  head = g_new0 (char *, colon + 1);
  for (guint i = 0; i < colon; i++)
    head[i] = g_strdup (args[i]);
  return start_game (engine, head, setup, error);
}

static gboolean
cmd_position (Engine  *engine,
              char   **args,
              GError **error)
{
  g_autofree char *text = NULL;
  g_autofree char *line = NULL;

  if (!need_game (engine, error))
    return FALSE;
  text = bg_game_to_text (engine->game);
  line = bg_game_format_position (engine->game);
  fputs (text, stdout);
  if (text[0] != '\0' && text[strlen (text) - 1] != '\n')
    putchar ('\n');
  if (line != NULL)
    printf ("setup %s\n", line);
  printf ("key %016" G_GINT64_MODIFIER "x\n", bg_game_get_key (engine->game));
  print_status_line (engine);
  return TRUE;
}

/* view SEAT: the position as a seat (1 to the number of players) or a spectator sees it. */
static gboolean
cmd_view (Engine  *engine,
          char   **args,
          GError **error)
{
  g_autofree char *view = NULL;
  guint64 seat = 0;
  int n;

  if (!need_game (engine, error))
    return FALSE;
  n = bg_game_get_n_players (engine->game);
  if (args[0] == NULL
      || (!g_str_equal (args[0], "spectator")
          && (!engine_parse_uint (args[0], (guint64) n, &seat, NULL) || seat == 0)))
    {
      g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION,
                   "usage: view SEAT (a player from 1 to %d, or spectator)", n);
      return FALSE;
    }
  view = bg_game_dup_view (engine->game, (int) seat - 1);
  if (view == NULL)
    {
      g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION, "%s has no position text",
                   bg_game_get_rules (engine->game)->id);
      return FALSE;
    }
  printf ("view %s\n", view);
  return TRUE;
}

static gboolean
cmd_moves (Engine  *engine,
           char   **args,
           GError **error)
{
  g_autoptr (GArray) moves = NULL;

  if (!need_game (engine, error))
    return FALSE;
  moves = bg_game_get_legal_moves (engine->game);
  printf ("moves %u", moves->len);
  for (guint i = 0; i < moves->len; i++)
    {
      g_autofree char *text = bg_game_format_move (engine->game,
                                                   g_array_index (moves, BgMove, i));
      printf (" %s", text);
    }
  printf ("\n");
  return TRUE;
}

static gboolean
cmd_play (Engine  *engine,
          char   **args,
          GError **error)
{
  if (!need_game (engine, error))
    return FALSE;
  if (args[0] == NULL)
    {
      g_set_error (error, BG_ERROR, BG_ERROR_MALFORMED_MOVE, "usage: play MOVE [MOVE ...]");
      return FALSE;
    }
  /* Moves are played one by one; the first bad one stops, leaving the earlier ones. */
  for (guint i = 0; args[i] != NULL; i++)
    {
      if (!bg_game_play_text (engine->game, args[i], error))
        {
          g_prefix_error (error, "move %u (%s): ", i + 1, args[i]);
          return FALSE;
        }
    }
  announce_draw_offer (engine);
  if (bg_game_is_over (engine->game))
    print_status_line (engine);
  return TRUE;
}

static gboolean
cmd_undo (Engine  *engine,
          char   **args,
          GError **error)
{
  guint64 n = 1;

  if (!need_game (engine, error))
    return FALSE;
  if (args[0] != NULL && !engine_parse_uint (args[0], 100000, &n, error))
    return FALSE;
  for (guint64 i = 0; i < n; i++)
    if (!bg_game_undo (engine->game))
      {
        g_set_error (error, BG_ERROR, BG_ERROR_ILLEGAL_MOVE, "nothing to undo");
        return FALSE;
      }
  return TRUE;
}

static gboolean
cmd_redo (Engine  *engine,
          char   **args,
          GError **error)
{
  if (!need_game (engine, error))
    return FALSE;
  if (!bg_game_redo (engine->game))
    {
      g_set_error (error, BG_ERROR, BG_ERROR_ILLEGAL_MOVE, "nothing to redo");
      return FALSE;
    }
  return TRUE;
}

static gboolean
cmd_status (Engine  *engine,
            char   **args,
            GError **error)
{
  if (!need_game (engine, error))
    return FALSE;
  print_status_line (engine);
  announce_draw_offer (engine);
  return TRUE;
}

static gboolean
cmd_history (Engine  *engine,
             char   **args,
             GError **error)
{
  guint n;

  if (!need_game (engine, error))
    return FALSE;
  n = bg_game_get_n_played (engine->game);
  printf ("history %u", n);
  for (guint i = 0; i < n; i++)
    printf (" %s", bg_game_get_played_text (engine->game, i));
  printf ("\n");
  return TRUE;
}

/* The game's seed (bg_game_get_seed: kept in saved games): shown, or set to N. */
static gboolean
cmd_seed (Engine  *engine,
          char   **args,
          GError **error)
{
  guint64 v;

  if (!need_game (engine, error))
    return FALSE;
  if (args[0] == NULL)
    {
      printf ("seed %" G_GUINT32_FORMAT "\n", bg_game_get_seed (engine->game));
      return TRUE;
    }
  if (!engine_parse_uint (args[0], G_MAXUINT32, &v, error))
    {
      g_clear_error (error);
      g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION,
                   "usage: seed [N], N from 0 to %" G_GUINT32_FORMAT, G_MAXUINT32);
      return FALSE;
    }
  bg_game_set_seed (engine->game, (guint32) v);
  return TRUE;
}

static gboolean
cmd_draw (Engine  *engine,
          char   **args,
          GError **error)
{
  if (!need_game (engine, error))
    return FALSE;
  if (!bg_game_has_draw_offer (engine->game))
    {
      g_set_error (error, BG_ERROR, BG_ERROR_ILLEGAL_MOVE, "no draw is on offer");
      return FALSE;
    }
  if (args[0] != NULL && g_str_equal (args[0], "accept"))
    bg_game_accept_draw (engine->game);
  else if (args[0] != NULL && g_str_equal (args[0], "decline"))
    bg_game_decline_draw (engine->game);
  else
    {
      g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION, "usage: draw accept|decline");
      return FALSE;
    }
  print_status_line (engine);
  return TRUE;
}

static gboolean
cmd_perft (Engine  *engine,
           char   **args,
           GError **error)
{
  guint64 depth, nodes;
  gint64 start;

  if (!need_game (engine, error) || !engine_parse_uint (args[0], 12, &depth, error))
    return FALSE;
  start = g_get_monotonic_time ();
  nodes = bg_game_perft (engine->game, (guint) depth);
  printf ("perft %" G_GUINT64_FORMAT " nodes %" G_GUINT64_FORMAT " time %.3f\n",
          depth, nodes, (g_get_monotonic_time () - start) / 1e6);
  return TRUE;
}

static gboolean
cmd_divide (Engine  *engine,
            char   **args,
            GError **error)
{
  g_autoptr (GArray) moves = NULL;
  guint64 depth, total = 0;

  if (!need_game (engine, error) || !engine_parse_uint (args[0], 12, &depth, error))
    return FALSE;
  if (depth == 0)
    {
      g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION, "divide needs a depth of 1 or more");
      return FALSE;
    }
  moves = bg_game_get_legal_moves (engine->game);
  for (guint i = 0; i < moves->len; i++)
    {
      BgMove move = g_array_index (moves, BgMove, i);
      g_autofree char *text = bg_game_format_move (engine->game, move);
      g_autoptr (BgGame) copy = bg_game_copy (engine->game);
      guint64 n;

      bg_game_play (copy, move, NULL);
      n = bg_game_perft (copy, (guint) depth - 1);
      printf ("%s %" G_GUINT64_FORMAT "\n", text, n);
      total += n;
    }
  printf ("total %" G_GUINT64_FORMAT "\n", total);
  return TRUE;
}

static gboolean
cmd_go (Engine  *engine,
        char   **args,
        GError **error)
{
  return need_game (engine, error)
         && engine_go (engine->game, engine->search, engine->input, engine->line, args, error);
}

/* Answers once every command before it has been answered. */
static gboolean
cmd_isready (Engine  *engine,
             char   **args,
             GError **error)
{
  engine_answer_ready ();
  return TRUE;
}

/* A stop stops the search running when it was read (engine-protocol.c); its answer comes
 * after the search's. */
static gboolean
cmd_stop (Engine  *engine,
          char   **args,
          GError **error)
{
  return TRUE;
}

static gboolean
cmd_analyse (Engine  *engine,
             char   **args,
             GError **error)
{
  return need_game (engine, error)
         && engine_analyse (engine->game, engine->input, engine->line, args, error);
}

static gboolean
cmd_bench (Engine  *engine,
           char   **args,
           GError **error)
{
  guint64 runs = 1;

  if (args[0] != NULL && !engine_parse_uint (args[0], 100, &runs, error))
    return FALSE;
  engine_bench_run (engine->search, (guint) runs);
  return TRUE;
}

/* The path is the rest of the line, so that it may hold spaces. */
static char *
path_argument (char   **args,
               GError **error)
{
  if (args[0] == NULL)
    {
      g_set_error (error, BG_ERROR, BG_ERROR_BAD_FILE, "which file?");
      return NULL;
    }
  return g_strjoinv (" ", args);
}

/* The tool has no seats: it saves every player as human. */
static gboolean
cmd_save (Engine  *engine,
          char   **args,
          GError **error)
{
  g_autofree char *path = NULL;
  g_autofree BgSeat *seats = NULL;
  guint n;

  if (!need_game (engine, error) || (path = path_argument (args, error)) == NULL)
    return FALSE;
  n = (guint) bg_game_get_n_players (engine->game);
  seats = g_new0 (BgSeat, n);
  if (!bg_save_to_file (path, engine->game, seats, n, error))
    return FALSE;
  return TRUE;
}

/* load ignores the file's seats. */
static gboolean
cmd_load (Engine  *engine,
          char   **args,
          GError **error)
{
  g_autofree char *path = NULL;
  BgGame *game;

  if ((path = path_argument (args, error)) == NULL)
    return FALSE;
  game = bg_save_from_file (path, NULL, NULL, error);
  if (game == NULL)
    return FALSE;
  g_clear_pointer (&engine->game, bg_game_free);
  engine->game = game;
  bg_search_clear (engine->search);
  announce_draw_offer (engine);
  if (bg_game_is_over (game))
    print_status_line (engine);
  engine_answer_okf ("%s %u", bg_game_get_rules (game)->id, bg_game_get_n_played (game));
  return TRUE;
}

static gboolean
cmd_probe (Engine  *engine,
           char   **args,
           GError **error)
{
  return need_game (engine, error)
         && engine_probe (engine->game, engine_input_arm (engine->input, engine->line, NULL,
                                                          NULL), error);
}

static gboolean
cmd_table (Engine  *engine,
           char   **args,
           GError **error)
{
  g_autofree char *path = args[0] ? g_strjoinv (" ", args) : NULL;

  return engine_table_load (path, error);
}

static gboolean cmd_help (Engine *engine, char **args, GError **error);

static const Command commands[] = {
  { "help", 0, "help", cmd_help },
  { "games", 0, "games", cmd_games },
  { "new", -1, "new GAME [name=value ...]", cmd_new },
  { "setup", -1, "setup GAME [name=value ...] : POSITION", cmd_setup },
  { "position", 0, "position", cmd_position },
  { "moves", 0, "moves", cmd_moves },
  { "view", 1, "view SEAT (1 to the number of players, or spectator)", cmd_view },
  { "play", -1, "play MOVE [MOVE ...]", cmd_play },
  { "undo", 1, "undo [N]", cmd_undo },
  { "redo", 0, "redo", cmd_redo },
  { "status", 0, "status", cmd_status },
  { "history", 0, "history", cmd_history },
  { "draw", 1, "draw accept|decline", cmd_draw },
  { "seed", 1, "seed [N]", cmd_seed },
  { "perft", 1, "perft DEPTH", cmd_perft },
  { "divide", 1, "divide DEPTH", cmd_divide },
  { "go", -1, "go [level 1-7 (7 or perfect: the table)] [depth N] [time MS] [nodes N] "
    "[threads N] [seed N (default: from the game's seed)] (no limit: level 4)", cmd_go },
  { "stop", 0, "stop (stops a go, analyse or probe under way: go answers its best move)",
    cmd_stop },
  { "isready", 0, "isready (answers readyok)", cmd_isready },
  { "analyse", -1, "analyse [nodes N] [threads N (default: one per core)]", cmd_analyse },
  { "probe", 0, "probe", cmd_probe },
  { "table", -1, "table [PATH]", cmd_table },
  { "bench", 1, "bench [RUNS]", cmd_bench },
  { "save", -1, "save PATH", cmd_save },
  { "load", -1, "load PATH", cmd_load },
  { "quit", 0, "quit", NULL },
};

static gboolean
cmd_help (Engine  *engine,
          char   **args,
          GError **error)
{
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    printf ("  %s\n", commands[i].usage);
  return TRUE;
}

/* Runs one command line; returns FALSE on "quit". Every answer ends with one line: "ok"
 * (when the command did not end it), its own "ok …" or "readyok", or "error: …". Empty
 * lines and comments are not commands, and get no answer. */
static gboolean
run_line (Engine     *engine,
          const char *line)
{
  g_auto (GStrv) words = g_strsplit_set (line, " \t", -1);
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;

  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      g_ptr_array_add (args, words[i]);
  g_ptr_array_add (args, NULL);
  if (args->len == 1 || ((char *) args->pdata[0])[0] == '#')
    return TRUE;

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      if (!g_str_equal (commands[i].name, args->pdata[0]))
        continue;
      if (commands[i].max_args >= 0 && args->len - 2 > (guint) commands[i].max_args)
        {
          printf ("error: too many arguments (usage: %s)\n", commands[i].usage);
          return TRUE;
        }
      if (commands[i].func == NULL)
        return FALSE;
      engine_answer_begin ();
      if (!commands[i].func (engine, (char **) args->pdata + 1, &error))
        printf ("error: %s\n", error->message);
      else if (!engine_answer_ended ())
        engine_answer_ok ();
      return TRUE;
    }
  printf ("error: unknown command '%s' (try 'help')\n", (char *) args->pdata[0]);
  return TRUE;
}

int
main (int   argc,
      char *argv[])
{
  Engine engine = { NULL, bg_search_new (), NULL, NULL };
  EngineLine *line;

  if (argc == 2 && g_str_equal (argv[1], "--bench"))
    {
      engine_bench_run (engine.search, 3);
      bg_search_free (engine.search);
      return 0;
    }
  if (argc >= 2 && g_str_equal (argv[1], "--bench-triomino"))
    {
      bg_search_free (engine.search);
      return engine_bench_triomino_main (argc, argv);
    }
  if (argc >= 2 && g_str_equal (argv[1], "solve"))
    {
      bg_search_free (engine.search);
      return engine_solve_main (argc - 1, argv + 1);
    }
  if (argc >= 2 && g_str_equal (argv[1], "tournament"))
    {
      bg_search_free (engine.search);
      return engine_tournament_main (argc - 1, argv + 1);
    }
  if (argc > 1)
    {
      fprintf (stderr, "usage: %s [--bench]  (commands are read from standard input)\n"
               "       %s --bench-triomino [DEALS [PLAYERS [LEVEL]]]\n"
               "       %s solve triple-alliance [--threads N] [--out PATH]\n"
               "       %s tournament GAME [OPTIONS]  (matches between levels)\n",
               argv[0], argv[0], argv[0], argv[0]);
      bg_search_free (engine.search);
      return 2;
    }

  setvbuf (stdout, NULL, _IOLBF, 0);
  engine.input = engine_input_new ();
  while ((line = engine_input_next (engine.input)) != NULL)
    {
      gboolean go_on = TRUE;

      engine.line = line;
      if (line->too_long)
        printf ("error: the line is longer than %d bytes\n", ENGINE_MAX_LINE);
      else if (line->text == NULL)
        printf ("error: the line is not valid UTF-8 text\n");
      else
        go_on = run_line (&engine, line->text);
      engine.line = NULL;
      engine_line_free (line);
      if (!go_on)
        break;
    }
  engine_input_free (engine.input);
  g_clear_pointer (&engine.game, bg_game_free);
  bg_search_free (engine.search);
  return 0;
}
