/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-random.h: the engine's small deterministic random generator (splitmix64)
 *
 * Seeded games and computer players must replay exactly, on every platform, so they use
 * this generator rather than GLib's, whose sequence is not promised to stay the same.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Mixes x into a well-spread 64-bit value (the output function of splitmix64). */
static inline guint64
bg_random_mix (guint64 x)
{
  x = (x ^ (x >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

/* The next value of the generator whose state is *state. */
static inline guint64
bg_random_next (guint64 *state)
{
  return bg_random_mix (*state += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));
}

/* The first value of the generator seeded with x: a well-spread hash of x, for keys
 * derived on the fly from their index (the Zobrist keys of some games). */
static inline guint64
bg_random_hash (guint64 x)
{
  return bg_random_next (&x);
}

/* A value from 0 to n - 1 (n > 0). */
static inline guint
bg_random_below (guint64 *state,
                 guint    n)
{
  return (guint) (((bg_random_next (state) >> 32) * n) >> 32);
}

G_END_DECLS
