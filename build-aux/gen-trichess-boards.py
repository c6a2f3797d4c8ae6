#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Generates the three TRICHESS board pictures, data/boards/trichess-{level}.svg.

Usage: build-aux/gen-trichess-boards.py [OUTPUT-DIR]   (default: data/boards)

The geometry here MUST agree with src/app/games/trichess/trio-render-trichess.c, which hit-tests and
places the pieces on these pictures: same viewBox, centre, radius, corner points and
bilinear cells. Change both together.

Geometry (viewBox 0 60 1000 920, y down; angles below are mathematical, y up):
- a regular hexagon of circumradius R centred on (CX, CY), with a flat bottom edge;
- camp c (0 White, 1 Red, 2 Black) faces the outward normal at angle 270 + 120 c
  degrees: its rank 1 is the whole hexagon edge on that normal (a1 at the corner at
  normal - 30, h1 at normal + 30), so the camps follow each other counter-clockwise
  and Red sits on White's right;
- each camp is two quadrilaterals with a corner at the centre O: files a-d have the
  corners Qa (a1 corner), P (the middle of rank 1), O and Sl (the middle of the side
  edge at normal - 60); files e-h have P, Qh (h1 corner), Sr (normal + 60) and O;
- a half is cut into 4 x 4 cells by bilinear interpolation (u across the files, v from
  rank 1 at 0 to rank 4 at 1). The spokes O-S are the seams: camp c's files e-h meet
  camp c+1's files a-d along their ranks 4 with the file mirrored, as in the engine.
"""

import math
import os
import sys

VIEW_X, VIEW_Y, VIEW_W, VIEW_H = 0.0, 60.0, 1000.0, 920.0   # the viewBox
CX, CY = 500.0, 500.0
R = 410.0                          # the hexagon's circumradius
APOTHEM = R * math.sqrt(3) / 2
FRAME = 52.0                       # width of the frame band holding the coordinates

LEVELS = ("prolapsus", "hexagonal", "pax")
CAMP_NAMES = ("White", "Red", "Black")
# Light and dark cells of each camp, and the camp's own colour (badge).
CELL_COLOURS = (("#f2e8d2", "#bda27a"),
                ("#f4d3c8", "#c0675a"),
                ("#d9d9d3", "#7d7b76"))
CAMP_COLOURS = (("#fbf3df", "#2b2118"), ("#b3202e", "#fbf3df"), ("#242424", "#fbf3df"))
LINE = "#3a2c20"


def polar(angle_deg, dist):
    a = math.radians(angle_deg)
    return (CX + dist * math.cos(a), CY - dist * math.sin(a))


def half_corners(camp, half):
    """Corners (u,v) = (0,0), (1,0), (0,1), (1,1) of a half: 0 files a-d, 1 files e-h."""
    n = 270.0 + 120.0 * camp
    o = (CX, CY)
    p = polar(n, APOTHEM)
    if half == 0:
        return polar(n - 30, R), p, polar(n - 60, APOTHEM), o
    return p, polar(n + 30, R), o, polar(n + 60, APOTHEM)


def bilinear(corners, u, v):
    (x00, y00), (x10, y10), (x01, y01), (x11, y11) = corners
    x = (1 - u) * (1 - v) * x00 + u * (1 - v) * x10 + (1 - u) * v * x01 + u * v * x11
    y = (1 - u) * (1 - v) * y00 + u * (1 - v) * y10 + (1 - u) * v * y01 + u * v * y11
    return x, y


def cell_polygon(camp, file, rank):
    """The four corners of a cell, counter-clockwise from its rank-1, file-a corner."""
    corners = half_corners(camp, file // 4)
    u0, v0 = (file % 4) / 4.0, rank / 4.0
    u1, v1 = u0 + 0.25, v0 + 0.25
    return [bilinear(corners, u0, v0), bilinear(corners, u1, v0),
            bilinear(corners, u1, v1), bilinear(corners, u0, v1)]


def fmt(v):
    return ("%.2f" % v).rstrip("0").rstrip(".")


def path(points, close=True):
    d = "M" + " L".join("%s,%s" % (fmt(x), fmt(y)) for x, y in points)
    return d + (" Z" if close else "")


def hexagon(apothem):
    r = apothem * 2 / math.sqrt(3)
    return [polar(a, r) for a in range(0, 360, 60)]


def text(x, y, s, size, fill, weight="bold"):
    return ('<text x="%s" y="%s" dy="0.35em" font-family="DejaVu Sans, sans-serif" '
            'font-size="%s" font-weight="%s" text-anchor="middle" fill="%s">%s</text>'
            % (fmt(x), fmt(y), fmt(size), weight, fill, s))


def obstacle(level):
    """The obstacle at the centre; the renderer draws nothing there, it is in the SVG."""
    out = []
    if level == "prolapsus":
        out.append('<circle cx="%s" cy="%s" r="30" fill="#5a4330" stroke="%s" '
                   'stroke-width="3"/>' % (fmt(CX), fmt(CY), LINE))
        out.append('<circle cx="%s" cy="%s" r="14" fill="#8a6a48"/>' % (fmt(CX), fmt(CY)))
    elif level == "hexagonal":
        # A triangle with its corners on the three middle-file spokes (d|e lines).
        pts = [polar(270 + 120 * c, 40) for c in range(3)]
        out.append('<path d="%s" fill="#5a4330" stroke="%s" stroke-width="3" '
                   'stroke-linejoin="round"/>' % (path(pts), LINE))
    else:
        # Walls along the six spokes over the ranks 4 (the pax board cuts every ring
        # step) and a cross at their meeting point.
        length = APOTHEM / 4
        for c in range(3):
            for k in (0, 1):
                x, y = polar(270 + 120 * c + 60 * k, length)
                out.append('<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#fbf3df" '
                           'stroke-width="13" stroke-linecap="round"/>'
                           % (fmt(CX), fmt(CY), fmt(x), fmt(y)))
                out.append('<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#b3202e" '
                           'stroke-width="8" stroke-linecap="round"/>'
                           % (fmt(CX), fmt(CY), fmt(x), fmt(y)))
        arm, w = 34.0, 13.0
        cross = [(CX - w, CY - arm), (CX + w, CY - arm), (CX + w, CY - w), (CX + arm, CY - w),
                 (CX + arm, CY + w), (CX + w, CY + w), (CX + w, CY + arm), (CX - w, CY + arm),
                 (CX - w, CY + w), (CX - arm, CY + w), (CX - arm, CY - w), (CX - w, CY - w)]
        out.append('<path d="%s" fill="#b3202e" stroke="#fbf3df" stroke-width="3" '
                   'stroke-linejoin="round"/>' % path(cross))
    return out


def labels():
    out = []
    band = APOTHEM + FRAME / 2
    for camp in range(3):
        n = 270.0 + 120.0 * camp
        fg = CELL_COLOURS[camp][0]
        # File letters under rank 1, pushed outward along the camp's normal.
        for f in range(8):
            (x0, y0), (x1, y1) = cell_polygon(camp, f, 0)[:2]
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            dx, dy = math.cos(math.radians(n)), -math.sin(math.radians(n))
            out.append(text(mx + dx * FRAME / 2, my + dy * FRAME / 2, "abcdefgh"[f], 24, fg))
        # Rank numbers beside files a and h, on the side edges.
        for f, side in ((0, -60), (7, 60)):
            dx, dy = math.cos(math.radians(n + side)), -math.sin(math.radians(n + side))
            for r in range(4):
                poly = cell_polygon(camp, f, r)
                a, b = (poly[0], poly[3]) if f == 0 else (poly[1], poly[2])
                mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
                out.append(text(mx + dx * FRAME / 2, my + dy * FRAME / 2, str(r + 1), 24, fg))
        # The camp's badge: its number in its colour, beyond the middle of rank 1.
        x, y = polar(n, band + FRAME / 2 + 22)
        bg, ink = CAMP_COLOURS[camp]
        # A light ring round its dark outline: Black's badge stays seen on a dark window.
        out.append('<circle cx="%s" cy="%s" r="23.5" fill="none" stroke="#f2e8d2" '
                   'stroke-width="2"/>' % (fmt(x), fmt(y)))
        out.append('<circle cx="%s" cy="%s" r="21" fill="%s" stroke="%s" stroke-width="3"/>'
                   % (fmt(x), fmt(y), bg, LINE))
        out.append(text(x, y, str(camp + 1), 26, ink))
    return out


def board_svg(level):
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<!-- Generated by build-aux/gen-trichess-boards.py; do not edit. -->',
           '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'viewBox="%d %d %d %d">' % (VIEW_W, VIEW_H, VIEW_X, VIEW_Y, VIEW_W, VIEW_H),
           '<title>TRICHESS board (%s)</title>' % level]
    out.append('<path d="%s" fill="#6b4f36" stroke="%s" stroke-width="4" '
               'stroke-linejoin="round"/>' % (path(hexagon(APOTHEM + FRAME)), LINE))
    for camp in range(3):
        for rank in range(4):
            for f in range(8):
                fill = CELL_COLOURS[camp][(f + rank + 1) % 2]   # a1 is dark
                out.append('<path d="%s" fill="%s" stroke="%s" stroke-width="1.5" '
                           'stroke-linejoin="round"/>'
                           % (path(cell_polygon(camp, f, rank)), fill, LINE))
    # The seams and the middle files, then the hexagon's outline.
    for camp in range(3):
        n = 270.0 + 120.0 * camp
        for a in (n, n + 60):
            x, y = polar(a, APOTHEM)
            out.append('<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s"/>'
                       % (fmt(CX), fmt(CY), fmt(x), fmt(y), LINE, 3.5 if a == n + 60 else 2))
    out.append('<path d="%s" fill="none" stroke="%s" stroke-width="5" '
               'stroke-linejoin="round"/>' % (path(hexagon(APOTHEM)), LINE))
    out += obstacle(level)
    out += labels()
    out.append('</svg>')
    return "\n".join(out) + "\n"


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "data", "boards")
    for level in LEVELS:
        with open(os.path.join(outdir, "trichess-%s.svg" % level), "w", encoding="utf-8") as f:
            f.write(board_svg(level))


if __name__ == "__main__":
    main()
