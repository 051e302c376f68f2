"""Rank marks as vector strokes: our own letters, so the cards need no font.

A glyph is a width and a list of strokes in a box ``width`` wide and 1 high (y grows
downwards); each stroke is a centre line the renderer draws with a thick round pen.
Filled shapes (the Banner's flag) are kept apart, as polygons.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

Point = tuple[float, float]


@dataclass(frozen=True)
class Glyph:
    width: float
    strokes: tuple[tuple[Point, ...], ...]
    fills: tuple[tuple[Point, ...], ...] = field(default=())


def arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float) -> list[Point]:
    """Points along an ellipse from angle a0 to a1 in degrees (0 right, 90 down)."""
    steps = max(4, round(abs(a1 - a0) / 6))
    return [
        (
            cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / steps)),
            cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / steps)),
        )
        for i in range(steps + 1)
    ]


def _mirror(glyph: Glyph) -> Glyph:
    """Turned half round: a 6 becomes a 9."""
    w = glyph.width
    return Glyph(w, tuple(tuple((w - x, 1 - y) for x, y in s) for s in glyph.strokes))


def _six() -> Glyph:
    w = 0.6
    loop = arc(w / 2, 0.69, w / 2, 0.31, 0, 360)
    hook = arc(w / 2 + 0.02, 0.72, w / 2 + 0.02, 0.72, 180, 296)
    return Glyph(w, (tuple(loop), tuple(hook)))


def _flag() -> Glyph:
    """The Banner: a pole with a swallow-tailed flag blowing to the right."""
    w, deep = 0.8, 0.6
    top = [(w * i / 12, 0.09 * math.sin(i / 12 * 2 * math.pi)) for i in range(13)]
    bottom = [(x, y + deep) for x, y in reversed(top)]
    notch = (w - 0.22, deep / 2)
    return Glyph(w, (((0.0, 0.0), (0.0, 1.0)),), (tuple([*top, notch, *bottom]),))


def _build() -> dict[str, Glyph]:
    six = _six()
    ring = lambda w: tuple(arc(w / 2, 0.5, w / 2, 0.5, 0, 360))  # noqa: E731
    return {
        "6": six,
        "9": _mirror(six),
        "7": Glyph(0.6, (((0.0, 0.0), (0.6, 0.0), (0.2, 1.0)),)),
        "8": Glyph(
            0.6,
            (
                tuple(arc(0.3, 0.24, 0.25, 0.24, 0, 360)),
                tuple(arc(0.3, 0.73, 0.3, 0.27, 0, 360)),
            ),
        ),
        "10": Glyph(
            0.8,
            (((0.0, 0.18), (0.16, 0.0), (0.16, 1.0)), tuple(arc(0.6, 0.5, 0.2, 0.5, 0, 360))),
        ),
        "J": Glyph(0.56, (((0.2, 0.0), (0.56, 0.0), *arc(0.28, 0.7, 0.28, 0.3, 0, 160)),)),
        "Q": Glyph(0.7, (ring(0.7), ((0.42, 0.68), (0.74, 1.04)))),
        "K": Glyph(
            0.62,
            (((0.0, 0.0), (0.0, 1.0)), ((0.62, 0.0), (0.02, 0.62)), ((0.24, 0.4), (0.62, 1.0))),
        ),
        "A": Glyph(0.76, (((0.0, 1.0), (0.38, 0.0), (0.76, 1.0)), ((0.15, 0.64), (0.61, 0.64)))),
        "U": Glyph(0.62, (((0.0, 0.0), *arc(0.31, 0.64, 0.31, 0.36, 180, 0), (0.62, 0.0)),)),
        "O": Glyph(0.68, (ring(0.68),)),
        "B": _flag(),
    }


GLYPHS = _build()
