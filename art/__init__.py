"""The card images Trumpf draws itself (``python -m art.draw_cards``), shipped with it.

Only the paths live here, so the bot finds the images without Pillow, which only the
drawing script needs.
"""

from __future__ import annotations

from pathlib import Path

CARDS_DIR = Path(__file__).parent / "cards"


def card_image(deck: str, code: str) -> Path:
    """The PNG of one card: ``card_image("swiss", "H10")`` is the Rosen-Banner."""
    return CARDS_DIR / deck / f"{code}.png"
