#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Writes a legal game of 100,000 moves, the limit of the save format, to standard output:
# La Triple Alliance's shuffle (a1-a2 b4-b5 a2-a1 b5-b4 over and over, as in
# tests/bench/bench-save-load.c), seats human, the draw offered at the last of its fifth
# repetitions declined. The GUI test opens it (issue 43), build-aux/bench-app.sh times it.
awk 'BEGIN { print "trio-save 1"; print "game triple-alliance"
             print "start p1=a1,a5,e1 p2=b4,d2,e5 hand=0,0 turn=1"
             print "seat 1 human"; print "seat 2 human"
             split("a1-a2 b4-b5 a2-a1 b5-b4", cycle, " ")
             for (n = 0; n < 100000; n += 20) {
               line = "moves"
               for (i = 0; i < 20; i++) line = line " " cycle[(n + i) % 4 + 1]
               print line
             }
             print "draw declined"; print "end" }'
