#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Synthesises Trio's sounds, data/sounds/NAME.oga (Ogg Vorbis, mono, 44.1 kHz).

Usage: build-aux/gen-sounds.py [OUTPUT-DIR]   (default: data/sounds)

Python's standard library makes each sound as samples (no recording, no sample library:
sines with a few partials, and noise from a seeded generator, shaped by envelopes), writes
it as a WAV file in a temporary folder and encodes it with oggenc (Debian: vorbis-tools),
with a fixed stream serial number: the same script makes the same files. Every sound starts
with a soft attack of a few milliseconds, ends faded out to silence, and peaks at -3 dBFS
(no clipping). The sounds are CC0 (data/sounds/README.md); this script is GPL like the rest.

  place    a piece set down: a soft wooden knock, 0.12 s
  capture  a piece taken off: a knock and a falling tock, 0.26 s
  mill     a mill (or a line) made: three rising bell notes, 0.45 s
  check    a king in check: two bright notes, the second lower, 0.36 s
  end      the end of a game: a rising arpeggio that rings out, 1.3 s
  tile     a Triomino tile laid: a light plastic clack, 0.11 s
  bonus    a bridge or a hexagon: a quick sparkle of high bells, 0.42 s
"""

import math
import os
import random
import struct
import subprocess
import sys
import tempfile
import wave

RATE = 44100
PEAK = 10 ** (-3 / 20)  # -3 dBFS


def silence(seconds):
    return [0.0] * int(seconds * RATE)


def envelope(n, attack, decay):
    """A raised-cosine attack of attack seconds, then an exponential decay whose time
    constant is decay seconds."""
    a = max(1, int(attack * RATE))
    out = []
    for i in range(n):
        t = i / RATE
        rise = 0.5 - 0.5 * math.cos(math.pi * i / a) if i < a else 1.0
        out.append(rise * math.exp(-max(0.0, t - attack) / decay))
    return out


def bell(freq, seconds, decay, partials=((1.0, 1.0), (2.0, 0.35), (3.01, 0.12)),
         attack=0.004):
    """A bell-like note: a few partials, the higher ones dying faster."""
    n = int(seconds * RATE)
    out = [0.0] * n
    for ratio, amp in partials:
        env = envelope(n, attack, decay / ratio ** 0.5)
        w = 2 * math.pi * freq * ratio / RATE
        for i in range(n):
            out[i] += amp * env[i] * math.sin(w * i)
    return out


def knock(freq, seconds, decay, noise, seed, drop=0.0):
    """A knock on wood or plastic: a short sine whose pitch falls by drop (a fraction) and a
    burst of low-passed noise that dies much faster."""
    rng = random.Random(seed)
    n = int(seconds * RATE)
    env = envelope(n, 0.002, decay)
    noise_env = envelope(n, 0.001, decay / 5)
    out = []
    phase = 0.0
    smooth = 0.0
    for i in range(n):
        f = freq * (1 - drop * min(1.0, i / n * 3))
        phase += 2 * math.pi * f / RATE
        smooth += 0.35 * (rng.uniform(-1, 1) - smooth)  # a one-pole low-pass
        out.append(env[i] * math.sin(phase) + noise * noise_env[i] * smooth)
    return out


def mix(*parts):
    """Mixes (offset in seconds, samples) parts into one track."""
    n = max(int(off * RATE) + len(s) for off, s in parts)
    out = [0.0] * n
    for off, s in parts:
        start = int(off * RATE)
        for i, v in enumerate(s):
            out[start + i] += v
    return out


def finish(samples, fade=0.03):
    """Fades the last fade seconds out, and scales the peak to PEAK."""
    n = len(samples)
    f = min(n, int(fade * RATE))
    for i in range(f):
        samples[n - f + i] *= 0.5 + 0.5 * math.cos(math.pi * (i + 1) / f)
    peak = max(abs(v) for v in samples) or 1.0
    return [v * PEAK / peak for v in samples]


def note(name):
    """The frequency of a note such as 'C5' or 'F#6' (A4 = 440 Hz)."""
    steps = {'C': -9, 'D': -7, 'E': -5, 'F': -4, 'G': -2, 'A': 0, 'B': 2}
    semitone = steps[name[0]] + (1 if name[1] == '#' else 0)
    octave = int(name[-1])
    return 440.0 * 2 ** ((semitone + 12 * (octave - 4)) / 12)


def make_sounds():
    sounds = {}
    sounds['place'] = mix((0, knock(190, 0.12, 0.025, 0.5, 1, drop=0.15)),
                          (0, [0.3 * v for v in knock(760, 0.12, 0.012, 0.0, 2)]))
    sounds['capture'] = mix((0, knock(210, 0.12, 0.025, 0.5, 3, drop=0.15)),
                            (0.09, [0.8 * v for v in knock(420, 0.17, 0.04, 0.3, 4, drop=0.4)]))
    sounds['mill'] = mix((0.0, bell(note('C5'), 0.45, 0.12)),
                         (0.08, bell(note('E5'), 0.37, 0.11)),
                         (0.16, bell(note('G5'), 0.29, 0.10)))
    sounds['check'] = mix((0.0, bell(note('A5'), 0.36, 0.09)),
                          (0.11, bell(note('F5'), 0.25, 0.08)))
    sounds['end'] = mix((0.0, bell(note('C5'), 1.3, 0.30)),
                        (0.12, bell(note('E5'), 1.18, 0.30)),
                        (0.24, bell(note('G5'), 1.06, 0.30)),
                        (0.36, bell(note('C6'), 0.94, 0.32)))
    sounds['tile'] = mix((0, knock(1150, 0.11, 0.014, 0.6, 5, drop=0.05)),
                         (0, [0.4 * v for v in knock(2300, 0.11, 0.008, 0.0, 6)]))
    sounds['bonus'] = mix((0.0, bell(note('E6'), 0.30, 0.07)),
                          (0.06, bell(note('G6'), 0.30, 0.07)),
                          (0.12, bell(note('B6'), 0.30, 0.08)))
    sounds['bonus'] = mix((0, sounds['bonus']), (0, silence(0.42)))
    return {name: finish(s) for name, s in sounds.items()}


def write_wav(path, samples):
    with wave.open(path, 'wb') as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b''.join(struct.pack('<h', int(round(v * 32767))) for v in samples))


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join('data', 'sounds')
    os.makedirs(out_dir, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for serial, (name, samples) in enumerate(sorted(make_sounds().items()), start=1):
            wav = os.path.join(tmp, name + '.wav')
            write_wav(wav, samples)
            oga = os.path.join(out_dir, name + '.oga')
            subprocess.run(['oggenc', '--quiet', '-q', '4', '-s', str(serial),
                            '--discard-comments', '-o', oga, wav], check=True)
            print(f'{oga}: {len(samples) / RATE:.2f} s, {os.path.getsize(oga)} bytes')


if __name__ == '__main__':
    main()
