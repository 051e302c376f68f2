"""The card images: drawn the same on every run, one per card and deck, and as committed."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from art import CARDS_DIR, card_image
from art.draw_cards import DECKS, ROOT, codes, draw_all
from engine.cards import CARDS


def pixels(path: Path) -> bytes:
    with Image.open(path) as img:
        return img.convert("RGBA").tobytes()


def digests(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*.png"))
    }


@pytest.fixture(scope="module")
def drawn(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("drawn")
    draw_all(out / "cards", out / "docs")
    return out


def test_the_script_draws_the_same_bytes_every_run(drawn, tmp_path):
    subprocess.run(
        [sys.executable, "-m", "art.draw_cards", "--cards", tmp_path / "cards", "--docs",
         tmp_path / "docs"],
        check=True, cwd=ROOT, capture_output=True,
    )  # fmt: skip
    first, second = digests(drawn), digests(tmp_path)
    assert len(first) == 2 * 36 + 2  # every card of both decks, and the two deck pictures
    assert first == second


def test_the_committed_images_are_what_the_script_draws(drawn):
    """Compared pixel by pixel: another zlib may pack the same picture in other bytes."""
    for deck in DECKS:
        for code in codes():
            assert pixels(card_image(deck, code)) == pixels(
                drawn / "cards" / deck / f"{code}.png"
            ), f"{deck}/{code}.png is stale: run python -m art.draw_cards"
        docs = ROOT / "docs" / "decks" / f"{deck}.png"
        assert pixels(docs) == pixels(drawn / "docs" / f"{deck}.png")


def test_one_distinct_emoji_sized_image_per_card_and_deck():
    seen = set()
    for deck in DECKS:
        assert sorted(p.stem for p in (CARDS_DIR / deck).glob("*.png")) == sorted(
            c.code for c in CARDS
        )
        for card in CARDS:
            path = card_image(deck, card.code)
            with Image.open(path) as img:
                assert img.size == (128, 128) and img.mode == "RGBA"
                assert not img.info  # no metadata that could change between runs
            assert path.stat().st_size < 16 * 1024  # Discord allows 256 KiB
            seen.add(pixels(path))
    assert len(seen) == 72


def colours(path: Path) -> set[str]:
    """The kinds of ink on a card: red, yellow, dark."""
    kinds = set()
    with Image.open(path) as img:
        for _, (r, g, b, a) in img.getcolors(128 * 128):
            if a < 255:
                continue
            if r > 180 and g < 60 and b < 60:
                kinds.add("red")
            elif r > 200 and 150 < g < 215 and b < 90:
                kinds.add("yellow")
            elif max(r, g, b) < 60:
                kinds.add("dark")
    return kinds


@pytest.mark.parametrize("code", ["HA", "D6", "SK", "C10"])
def test_the_french_red_suits_are_red_and_the_black_ones_black(code):
    kinds = colours(card_image("french", code))
    assert kinds == ({"red"} if code[0] in "HD" else {"dark"})


@pytest.mark.parametrize("code", ["HA", "D6", "SK", "C10"])
def test_the_swiss_suits_are_in_colour_with_a_dark_rank(code):
    kinds = colours(card_image("swiss", code))
    assert {"dark", "yellow"} <= kinds  # every Swiss suit has yellow in it
    assert ("red" in kinds) == (code[0] in "HDS")  # the acorn has none


def test_the_bot_finds_its_images_without_pillow():
    code = "import sys, art, cogs.emojis; assert 'PIL' not in sys.modules, 'Pillow was imported'"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
