"""The eight suit symbols, drawn with Pillow from shapes coded here (no artwork).

Each ``draw_*`` paints a symbol centred on ``(cx, cy)`` that fits a square of side
``s`` pixels.  The Swiss symbols get a dark outline, so yellow reads on a white card.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import ImageDraw

from art.glyphs import Point, arc

RED = (214, 24, 32, 255)
BLACK = (27, 27, 27, 255)
INK = (33, 28, 24, 255)  # the outline of the Swiss symbols
YELLOW = (246, 194, 46, 255)
ROSE = (206, 36, 42, 255)
LEAF = (46, 132, 62, 255)
BROWN = (118, 70, 30, 255)
NUT = (236, 176, 70, 255)

Draw = ImageDraw.ImageDraw


def _disc(d: Draw, cx: float, cy: float, r: float, fill: tuple[int, ...]) -> None:
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)


def _heart_points(cx: float, cy: float, s: float, flip: bool = False) -> list[Point]:
    """The classic heart curve, 0.94 s wide; ``flip`` points it up (a spade's blade)."""
    pts = []
    for i in range(120):
        t = 2 * math.pi * i / 120
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        y = (y - 2.5) / 29.5  # the curve spans y -12 .. 17: centre it
        pts.append((cx + x / 34 * s, cy + (-y if flip else y) * s * 0.94))
    return pts


def heart(d: Draw, cx: float, cy: float, s: float) -> None:
    d.polygon(_heart_points(cx, cy, s), fill=RED)


def diamond(d: Draw, cx: float, cy: float, s: float) -> None:
    w, h = s * 0.4, s * 0.5
    sides = []
    for (x0, y0), (x1, y1) in zip(
        [(0, -h), (w, 0), (0, h), (-w, 0)], [(w, 0), (0, h), (-w, 0), (0, -h)], strict=True
    ):
        # slightly hollow sides, as printed diamonds have
        for i in range(12):
            t = i / 12
            bow = 0.12 * math.sin(math.pi * t)
            mx, my = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
            sides.append((cx + mx * (1 - bow), cy + my * (1 - bow)))
    d.polygon(sides, fill=RED)


def _stem(d: Draw, cx: float, cy: float, s: float, fill: tuple[int, ...]) -> None:
    d.polygon(
        [(cx, cy + 0.05 * s), (cx + 0.2 * s, cy + 0.5 * s), (cx - 0.2 * s, cy + 0.5 * s)], fill=fill
    )


def spade(d: Draw, cx: float, cy: float, s: float) -> None:
    d.polygon(_heart_points(cx, cy - 0.07 * s, s * 0.9, flip=True), fill=BLACK)
    _stem(d, cx, cy, s, BLACK)


def club(d: Draw, cx: float, cy: float, s: float) -> None:
    r = 0.19 * s
    for x, y in [
        (cx, cy - 0.24 * s),
        (cx - 0.23 * s, cy + 0.08 * s),
        (cx + 0.23 * s, cy + 0.08 * s),
    ]:
        _disc(d, x, y, r, BLACK)
    _disc(d, cx, cy, 0.12 * s, BLACK)
    _stem(d, cx, cy, s, BLACK)


def rose(d: Draw, cx: float, cy: float, s: float) -> None:
    """Rosen: five red petals round a yellow heart, green leaves between them."""
    o = 0.035 * s
    for k in range(5):
        a = math.radians(-54 + 72 * k)
        tip = (cx + 0.5 * s * math.cos(a), cy + 0.5 * s * math.sin(a))
        side = [
            (cx + 0.2 * s * math.cos(a + b), cy + 0.2 * s * math.sin(a + b)) for b in (-0.5, 0.5)
        ]
        d.polygon([side[0], tip, side[1]], fill=LEAF, outline=INK, width=round(o * 0.6))
    petals = [
        (
            cx + 0.25 * s * math.cos(math.radians(-90 + 72 * k)),
            cy + 0.25 * s * math.sin(math.radians(-90 + 72 * k)),
        )
        for k in range(5)
    ]
    for x, y in petals:
        _disc(d, x, y, 0.2 * s + o, INK)
    for x, y in petals:
        _disc(d, x, y, 0.2 * s, ROSE)
    _disc(d, cx, cy, 0.15 * s + o, INK)
    _disc(d, cx, cy, 0.15 * s, YELLOW)
    _disc(d, cx, cy, 0.05 * s, ROSE)


def bell(d: Draw, cx: float, cy: float, s: float) -> None:
    """Schellen: a yellow sleigh bell with a red crown, its slit and a ring to hang it."""
    o = 0.035 * s
    r = 0.4 * s
    by = cy + 0.07 * s
    d.ellipse(
        (cx - 0.09 * s, by - r - 0.15 * s, cx + 0.09 * s, by - r + 0.03 * s),
        outline=INK,
        width=round(o * 1.4),
    )
    _disc(d, cx, by, r + o, INK)
    _disc(d, cx, by, r, YELLOW)
    box = (cx - r, by - r, cx + r, by + r)
    d.chord(box, 200, 340, fill=RED)
    d.line([(cx - r, by - 0.08 * s), (cx + r, by - 0.08 * s)], fill=INK, width=round(o * 1.3))
    slit_y = by + 0.2 * s
    d.line([(cx - 0.2 * s, slit_y), (cx + 0.2 * s, slit_y)], fill=INK, width=round(o * 1.6))
    for x in (cx - 0.2 * s, cx + 0.2 * s):
        _disc(d, x, slit_y, 0.06 * s, INK)
    d.line([(cx, slit_y), (cx, by + r)], fill=INK, width=round(o * 1.2))


def acorn(d: Draw, cx: float, cy: float, s: float) -> None:
    """Eicheln: a yellow nut in a brown cup, on its stalk."""
    o = 0.035 * s
    rx, top = 0.27 * s, cy - 0.12 * s
    nut = arc(cx, top, rx, 0.46 * s, 0, 180)
    nut = [(x, y + 0.12 * s * (1 - abs(x - cx) / rx) ** 2) for x, y in nut]  # a pointed tip
    d.polygon(nut, fill=NUT, outline=INK, width=round(o))
    d.line([(cx, top - 0.2 * s), (cx + 0.08 * s, top - 0.36 * s)], fill=INK, width=round(o * 2.2))
    cup = (cx - 0.36 * s, top - 0.26 * s, cx + 0.36 * s, top + 0.16 * s)
    d.chord(cup, 180, 360, fill=INK)
    d.chord((cup[0] + o, cup[1] + o, cup[2] - o, cup[3] - o), 180, 360, fill=BROWN)
    d.line([(cup[0], top - 0.025 * s), (cup[2], top - 0.025 * s)], fill=INK, width=round(o * 1.4))
    for row, y in enumerate((top - 0.09 * s, top - 0.17 * s)):  # the cup's scales
        for i in range(-2 + row, 3 - row):
            _disc(d, cx + (i + row / 2) * 0.12 * s, y, 0.028 * s, INK)


def shield(d: Draw, cx: float, cy: float, s: float) -> None:
    """Schilten: a shield, red above and yellow below, parted by a black band."""
    o = 0.045 * s
    w, top, mid = 0.38 * s, cy - 0.44 * s, cy + 0.06 * s
    outline = [(cx - w, top), (cx + w, top), (cx + w, mid)]
    outline += arc(cx, mid, w, 0.4 * s, 0, 180)[1:-1]
    outline += [(cx - w, mid)]
    d.polygon(outline, fill=YELLOW, outline=INK, width=round(o))
    band = cy - 0.14 * s
    d.polygon(
        [(cx - w + o, top + o), (cx + w - o, top + o), (cx + w - o, band), (cx - w + o, band)],
        fill=RED,
    )
    d.line([(cx - w, band), (cx + w, band)], fill=INK, width=round(o * 1.6))


SUITS: dict[str, dict[str, Callable[[Draw, float, float, float], None]]] = {
    "french": {"S": spade, "H": heart, "D": diamond, "C": club},
    "swiss": {"S": shield, "H": rose, "D": bell, "C": acorn},
}
