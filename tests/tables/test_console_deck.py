"""The console's ``--deck swiss``: text cards by their Swiss names, typed so too."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tables import console
from tables.decks import SWISS_RANKS, SWISS_SUITS
from tests.tables.test_table_console import Player, Screen

SUITS = "|".join(SWISS_SUITS.values())
RANKS = "|".join([*SWISS_RANKS.values(), "6", "7", "8", "9"])
SWISS_CARD = re.compile(rf"(?:{SUITS})-(?:{RANKS})")
FRENCH_SIGN = re.compile("[♠♥♦♣]")


class SwissPlayer(Player):
    """Types the first legal card by its Swiss name (``rosen-banner``), else choice 1."""

    def answer(self, screen: str) -> str:
        after = screen.rsplit("Your move:", 1)[1].split("\n", 1)[0]
        self.answered += 1
        first = re.findall(r"\d+\) (\S+)", after)[0]
        return first.lower() if SWISS_CARD.fullmatch(first) else "1"


def play(tmp_path: Path, moves: int, *deck: str) -> str:
    out = Screen()
    argv = ["--db", str(tmp_path / "console.sqlite3"), "--seed", "5", *deck]
    assert console.main(argv, stdin=SwissPlayer(out, moves, [], False), out=out) == 0  # type: ignore[arg-type]
    return out.getvalue()


def test_swiss_names_everywhere_and_cards_typed_by_them(tmp_path: Path) -> None:
    text = play(tmp_path, 12, "--deck", "swiss")
    hands = re.findall(r"Your hand: (.*)", text)
    assert hands and all(SWISS_CARD.fullmatch(c) for h in hands for c in h.split())
    assert len(hands[0].split()) == 9
    played = re.findall(r"You play (\S+)", text)
    assert len(played) >= 3 and all(SWISS_CARD.fullmatch(c) for c in played)
    assert "Not understood" not in text  # every card typed by name was taken
    assert not FRENCH_SIGN.search(text), FRENCH_SIGN.search(text)

    again = play(tmp_path, 2)  # the saved table keeps its deck
    assert again.startswith("Table #1:") and not FRENCH_SIGN.search(again)
    assert SWISS_CARD.search(re.findall(r"Your hand: (.*)", again)[0])
    french = play(tmp_path, 2, "--deck", "french")  # shown French when asked: no rule changes
    assert french.startswith("Table #1:")
    assert FRENCH_SIGN.search(re.findall(r"Your hand: (.*)", french)[0])
    assert not SWISS_CARD.search(re.findall(r"Your hand: (.*)", french)[0])


def test_french_is_the_default(tmp_path: Path) -> None:
    text = play(tmp_path, 2)
    assert FRENCH_SIGN.search(re.findall(r"Your hand: (.*)", text)[0])
    assert not SWISS_CARD.search(text)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--game", "klaberjass", "--deck", "swiss"], "--deck swiss is for Schieber"),
        (["--deck", "tarot"], "invalid choice: 'tarot'"),
    ],
)
def test_a_deck_that_cannot_be_is_refused(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        console.arguments(argv)
    assert stopped.value.code == 2 and message in capsys.readouterr().err
