/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-window-private.h: the main window's parts, shared by its files: trio-window.c (the
 * game chooser, the board and its side panel, files), trio-window-review.c (the review
 * of the moves played, the end of a game and the rematch) and trio-window-games.c (games
 * from files and the command line, and the question before a game in progress is replaced) */
#pragma once

#include "network/trio-room-link.h"
#include "review/trio-analysis-task.h"
#include "review/trio-eval-graph.h"
#include "trio-game-chooser.h"
#include "games/trio-game-view.h"
#include "review/trio-history-view.h"
#include "widgets/trio-info-bar.h"
#include "review/trio-review.h"
#include "sound/trio-sound-player.h"
#include "widgets/trio-save-banner.h"
#include "trio-window.h"

G_BEGIN_DECLS

struct _TrioWindow
{
  GtkApplicationWindow parent_instance;

  GtkLabel *title_label;
  GtkLabel *subtitle_label;
  GtkLabel *status_label;
  GtkLabel *hint_label;       /* the solved table's verdict, after a hint */
  GtkSpinner *spinner;
  GtkStack *main_stack;
  GtkBox *board_area;         /* the strips above the board, and the board */
  GtkStack *board_stack;
  GtkStack *sheet_stack;
  GtkBox *players_box;
  TrioGameChooser *chooser;
  TrioHistoryView *history_view;
  GtkLabel *moves_heading;
  /* The game's view and side sheet (NULL if none), made by its game's file at its first
   * game and kept in board_stack and sheet_stack under the game's id. */
  TrioGameView *view;
  TrioGameView *sheet;

  TrioSaveBanner *save_banner;

  TrioSession *session;
  const BgGame *live_game;    /* the session's game the views were set up for */
  const BgGame *shown_game;   /* the game the views show: live_game, or the review's copy */
  gboolean covered;           /* the view covers the hidden part of the human to move */
  guint64 covered_key;        /* in that position */
  TrioReview *review;
  TrioInfoBar *end_bar;       /* how the game ended, Rematch, New Game */
  TrioInfoBar *review_bar;    /* "Reviewing move 12 of 40", Play from Here, Back */
  TrioInfoBar *undo_bar;      /* "Went back to move 12", Undo */
  BgGame *gone_back;          /* the game before Play from Here, while Undo may bring it back */
  guint gone_back_index;
  guint gone_back_source;
  TrioAnalysisTask *analysis; /* the last analysis asked for, running or done, or NULL */
  GtkBox *analysis_box;       /* its progress bar and Cancel */
  GtkProgressBar *analysis_progress;
  TrioEvalGraph *eval_graph;
  GCancellable *restore_cancellable;  /* the last game being read, or NULL */
  GCancellable *open_cancellable;     /* the files being opened (trio-window-games.c) */
  gboolean unsaved;           /* the last save failed and no Save As came since */
  gboolean close_confirmed;   /* the player chose to close without saving */
  GtkLabel *advisor_label;    /* what the advisor's badges say, under the status */
  char *notice;               /* why a click was refused, shown for a few seconds, or NULL */
  guint notice_source;
  guint notice_n_played;      /* the position it was given in */
  guint64 notice_key;
  char *status_shown;         /* the status line's text, as last logged */
  char *players_shown;        /* the players' lines, as last logged */
  /* trio-window-games.c: what waits for the last game to be read before it may replace the
   * game shown (or NULL), and the note after Save As with its timeout. */
  GPtrArray *waiting;
  TrioInfoBar *saved_bar;
  guint saved_source;
  TrioPerfectTable *perfect_table;  /* the application's, or NULL */
  TrioStatistics *statistics;       /* the application's, or NULL */
  gint64 game_came_time;            /* trio-window-timing.c: a game not drawn yet, or 0 */
  gint64 switch_time;               /* a page switch asked, not drawn whole yet, or 0 */
  gint64 switch_first;              /* its first frame, or 0 */
  const char *switch_page;          /* the page asked for: "game" or "chooser" */
  /* trio-window-network.c: the room of an online game (or NULL), its strips (the invite, a
   * friend gone, this window's connection lost), the question of an offer put to this
   * seat (or NULL) and the seat whose player is gone (-1: none). */
  TrioRoomLink *link;
  TrioDiscovery *discovery;   /* the application's, or NULL */
  char *announced;            /* the room announced on the local network, or NULL */
  guint announced_open;       /* with so many seats open */
  TrioInfoBar *invite_bar;
  TrioInfoBar *drop_bar;
  TrioInfoBar *lost_bar;
  GtkWindow *offer_message;
  int dropped_seat;
  TrioSoundPlayer *sounds;    /* trio-window-sound.c: the moves' sounds */
};

/* trio-window-games.c: the Open and Save As actions. */
void trio_window_open_activated    (GSimpleAction *action,
                                    GVariant      *parameter,
                                    gpointer       user_data);
void trio_window_save_as_activated (GSimpleAction *action,
                                    GVariant      *parameter,
                                    gpointer       user_data);

/* trio-window.c: enables or disables one of the window's actions. */
void trio_window_set_action_enabled  (TrioWindow *self,
                                      const char *name,
                                      gboolean    enabled);
/* trio-window.c: shows the game (the live one, or the review's copy) in the views. */
void trio_window_refresh             (TrioWindow *self);
/* trio-window.c: enables the window's actions that follow the game shown. */
void trio_window_update_actions      (TrioWindow *self);

/* trio-window-pages.c: the window's two pages, "chooser" and "game" (show_page: at once, and
 * the page left takes no input); show_chooser leaves the game for the chooser (it stops
 * meanwhile, and stays until another game starts: win.back-to-game and Escape go back to
 * it); update follows the game and the page shown. */
void trio_window_pages_init          (TrioWindow *self);
void trio_window_pages_update        (TrioWindow *self);
void trio_window_show_page           (TrioWindow *self,
                                      const char *name);
void trio_window_show_chooser        (TrioWindow *self);

/* trio-window-review.c */
void trio_window_review_init         (TrioWindow *self);
/* The session's game changed, or the game ended (over: announce it). */
void trio_window_review_game_changed (TrioWindow *self);
void trio_window_review_game_over    (TrioWindow *self);
void trio_window_review_dispose      (TrioWindow *self);

/* trio-window-analysis.c; init puts its widgets before `before` in the side panel. */
void trio_window_analysis_init           (TrioWindow *self,
                                          GtkWidget  *before);
void trio_window_analysis_update_actions (TrioWindow *self);
void trio_window_analysis_game_changed   (TrioWindow *self);
void trio_window_analysis_drop           (TrioWindow *self);
void trio_window_analysis_dispose        (TrioWindow *self);

/* trio-window-games.c: whether a game is in progress (shown, not over, a move played), and
 * replacing it: replace(self, data) runs at once when none is, else once the player agrees
 * to the question (heading, and accept for the button that replaces); data is freed with
 * destroy either way. While the last game is being read, the question waits for it. */
typedef void (*TrioReplaceFunc) (TrioWindow *self,
                                 gpointer    data);
gboolean trio_window_game_in_progress    (TrioWindow     *self);
void     trio_window_replace_game        (TrioWindow     *self,
                                          const char     *heading,
                                          const char     *accept,
                                          TrioReplaceFunc replace,
                                          gpointer        data,
                                          GDestroyNotify  destroy);
void     trio_window_games_dispose       (TrioWindow     *self);

/* trio-window-advisor.c: "Show Perfect Moves" (win.advisor); update follows the game, the
 * table and the toggle. */
void trio_window_advisor_init            (TrioWindow *self);
void trio_window_advisor_update          (TrioWindow *self);

/* trio-window-cover.c: pass-and-play privacy: the game's view covers the hidden part of the
 * human to move when the session says so (trio_session_is_covered()), in the live game only;
 * the hide-hands setting; watch_view connects a view's "uncover-asked". */
void trio_window_cover_init              (TrioWindow   *self);
void trio_window_cover_update            (TrioWindow   *self);
void trio_window_cover_watch_view        (TrioWindow   *self,
                                          TrioGameView *view);

/* trio-window-notice.c: the status line (status_label and the header's subtitle): whose
 * turn, the end, the piece a mill asks for, or for a few seconds a notice (why the rules
 * refused a click: watch_view connects a view's "refused"). */
void trio_window_notice_init             (TrioWindow   *self);
void trio_window_notice_show_status      (TrioWindow   *self);
void trio_window_notice_show             (TrioWindow   *self,
                                          const char   *text);
void trio_window_notice_clear            (TrioWindow   *self);
void trio_window_notice_watch_view       (TrioWindow   *self,
                                          TrioGameView *view);
void trio_window_notice_dispose          (TrioWindow   *self);
/* trio-window-layout.c: the window's layout in the debug log (its size, the side panel's
 * place, the reach of the header bar's buttons); full screen (F11, the main menu's check
 * box: win.fullscreen). */
void trio_window_layout_init             (TrioWindow *self);
void trio_window_fullscreen_activated    (GSimpleAction *action,
                                          GVariant      *parameter,
                                          gpointer       user_data);
/* trio-window-network.c: games with friends over the network (issue 46): hosted from the
 * new-game dialog (host: a room for the game, local_seat the seat played here, the other
 * human seats invited), joined (the Join dialog, an invite link); the invite, the seats'
 * connections, a friend gone, the offers put to this seat, undo asked of the others,
 * resigning. game_changed follows every change of the session's game (one that is not
 * online lets go of the room), update the window's actions; player_row adds the dot that
 * says whether a seat is connected; restore resumes the online game in progress at the last
 * close (TRUE if there is one); undo asks the others to take a move back (TRUE in an online
 * game). */
void      trio_window_network_init        (TrioWindow     *self);
void      trio_window_network_dispose     (TrioWindow     *self);
void      trio_window_network_update      (TrioWindow     *self);
void      trio_window_network_game_changed (TrioWindow    *self);
GtkWidget *trio_window_network_player_row (TrioWindow     *self,
                                           int             seat,
                                           GtkWidget      *row);
gboolean  trio_window_network_restore     (TrioWindow     *self);
void      trio_window_network_host        (TrioWindow     *self,
                                           const char     *game_id,
                                           GHashTable     *options,
                                           const TrioSeat *seats,
                                           guint           n_seats,
                                           int             local_seat);
gboolean  trio_window_network_undo        (TrioWindow     *self);

/* trio-window-timing.c: the first frame timed (TRIO_BENCH_STARTUP), the first frame of
 * each game that comes to the window (game_came: the session has just been given it), and
 * the frames after a page switch asked by a click (switch: page is "game" or "chooser", a
 * static string; TRIO_BENCH_SWITCH). */
void trio_window_timing_init             (TrioWindow *self);
void trio_window_timing_game_came        (TrioWindow *self);
void trio_window_timing_switch           (TrioWindow *self,
                                          const char *page);
/* trio-window-sound.c: the sound of each move played now. */
void trio_window_sound_init              (TrioWindow *self);
void trio_window_sound_dispose           (TrioWindow *self);

G_END_DECLS
