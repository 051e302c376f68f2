"""Draw every card image of both decks: ``python -m art.draw_cards``.

Writes ``art/cards/<deck>/<code>.png`` (128×128, a white card with a big rank mark over
a big suit symbol) and the deck pictures of the README, ``docs/decks/<deck>.png``.
``--preview DIR`` also writes a contact sheet and a mock at emoji size on Discord's
dark and light themes, to look at.  Same bytes on every run: everything is drawn from
code, at four times the size and averaged down, and saved without metadata.
"""

from __future__ import annotations

import argparse
import io
from collections.abc import Iterator
from pathlib import Path

from PIL import Image, ImageDraw

from art import CARDS_DIR
from art.glyphs import GLYPHS, Glyph
from art.suits import BLACK, RED, SUITS

SIZE = 128
SCALE = 4  # drawn at 512 px and averaged down: smooth edges without a font renderer
DECKS = ("french", "swiss")
SUIT_LETTERS = "SHDC"
RANKS = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
SWISS_MARKS = {"10": "B", "J": "U", "Q": "O"}  # Banner, Under, Ober; König and As keep K, A
ROOT = Path(__file__).resolve().parent.parent
DOCS_DIR = ROOT / "docs" / "decks"
CARD_FACE = (255, 255, 255, 255)
CARD_EDGE = (96, 96, 96, 255)


def codes() -> Iterator[str]:
    """The 36 card codes, suit by suit (as engine.cards spells them)."""
    for suit in SUIT_LETTERS:
        for rank in RANKS:
            yield suit + rank


def _stroke(d: ImageDraw.ImageDraw, points: list[tuple[float, float]], width: float, ink) -> None:
    d.line(points, fill=ink, width=round(width), joint="curve")
    r = width / 2
    for x, y in (points[0], points[-1]):  # round pen ends
        d.ellipse((x - r, y - r, x + r, y + r), fill=ink)


def _rank(d: ImageDraw.ImageDraw, glyph: Glyph, left: float, top: float, h: float, ink) -> None:
    """The rank mark, ``h`` high, with a halo of card colour where it meets the suit."""
    pen = 0.19 * h
    inner = h - pen  # the strokes' centre lines stay a half pen inside the box
    place = lambda p: (left + pen / 2 + p[0] * inner, top + pen / 2 + p[1] * inner)  # noqa: E731
    for width, colour in ((pen + 28, CARD_FACE), (pen, ink)):
        for stroke in glyph.strokes:
            _stroke(d, [place(p) for p in stroke], width, colour)
        for shape in glyph.fills:
            d.polygon(
                [place(p) for p in shape], fill=colour, outline=colour, width=round(width - pen)
            )


def draw_card(deck: str, code: str) -> Image.Image:
    suit, rank = code[0], code[1:]
    big = SIZE * SCALE
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(
        (4, 4, big - 5, big - 5), radius=60, fill=CARD_FACE, outline=CARD_EDGE, width=12
    )
    ink = RED if deck == "french" and suit in "HD" else BLACK
    mark = SWISS_MARKS.get(rank, rank) if deck == "swiss" else rank
    # The rank in the top left corner, the suit below right: both as big as they fit.
    SUITS[deck][suit](d, 338, 346, 292)
    _rank(d, GLYPHS[mark], 38, 32, 240, ink)
    return img.reduce(SCALE)


def png_bytes(img: Image.Image) -> bytes:
    out = io.BytesIO()
    img.save(out, "PNG", optimize=False, compress_level=9)  # no tIME or text chunks
    return out.getvalue()


def deck_sheet(images: list[Image.Image], tile: int = SIZE, gap: int = 8) -> Image.Image:
    """The 36 cards of a deck, a suit per row."""
    step = tile + gap
    sheet = Image.new("RGBA", (9 * step + gap, 4 * step + gap), (0, 0, 0, 0))
    for i, img in enumerate(images):
        card = img if tile == SIZE else img.resize((tile, tile), Image.Resampling.LANCZOS)
        sheet.alpha_composite(card, (gap + i % 9 * step, gap + i // 9 * step))
    return sheet


def emoji_mock(decks: dict[str, list[Image.Image]]) -> Image.Image:
    """Both decks at emoji sizes (22, 32, 48 px) on the dark and the light theme."""
    rows = []
    for background in ((49, 51, 56, 255), (255, 255, 255, 255)):
        for size in (22, 32, 48):
            for images in decks.values():
                rows.append((background, deck_sheet(images, size, 4)))
    width = max(r.width for _, r in rows)
    mock = Image.new("RGBA", (width, sum(r.height for _, r in rows)), (0, 0, 0, 255))
    y = 0
    for background, row in rows:
        band = Image.new("RGBA", (width, row.height), background)
        band.alpha_composite(row)
        mock.paste(band, (0, y))
        y += row.height
    return mock


def draw_all(cards_dir: Path, docs_dir: Path, preview: Path | None = None) -> list[Path]:
    """Write every card and the deck pictures; returns the paths written."""
    written = []
    decks: dict[str, list[Image.Image]] = {}
    for deck in DECKS:
        (cards_dir / deck).mkdir(parents=True, exist_ok=True)
        decks[deck] = []
        for code in codes():
            img = draw_card(deck, code)
            path = cards_dir / deck / f"{code}.png"
            path.write_bytes(png_bytes(img))
            written.append(path)
            decks[deck].append(img)
    docs_dir.mkdir(parents=True, exist_ok=True)
    for deck, images in decks.items():
        path = docs_dir / f"{deck}.png"
        path.write_bytes(png_bytes(deck_sheet(images, 64, 6)))
        written.append(path)
    if preview is not None:
        preview.mkdir(parents=True, exist_ok=True)
        for deck, images in decks.items():
            deck_sheet(images).save(preview / f"contact-{deck}.png")
        emoji_mock(decks).save(preview / "emoji-size.png")
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=Path, default=CARDS_DIR, help="where the cards go")
    parser.add_argument("--docs", type=Path, default=DOCS_DIR, help="where the deck pictures go")
    parser.add_argument("--preview", type=Path, help="also write a contact sheet and a mock")
    args = parser.parse_args(argv)
    written = draw_all(args.cards, args.docs, args.preview)
    print(f"wrote {len(written)} images")


if __name__ == "__main__":
    main()
