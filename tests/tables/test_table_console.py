"""The console table, driven through its standard input."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tables import console

ROOT = Path(__file__).resolve().parents[2]
SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRUMPF_BOT_PAUSE", "0")


class Screen(io.StringIO):
    """The console's output, counting its ``> `` prompts so the player answers each
    one only when it has been asked, however the two threads are scheduled."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = threading.Condition()
        self.prompts = 0

    def write(self, s: str) -> int:
        with self.asked:
            n = super().write(s)
            self.prompts += s == "> "
            self.asked.notify_all()
        return n


class Player(io.TextIOBase):
    """Standard input that answers each prompt with the first choice, typed by its code.

    ``extra`` lines go first; with ``illegal`` it also tries, once, a card it holds
    but may not play.
    """

    def __init__(self, out: Screen, moves: int, extra: list[str], illegal: bool) -> None:
        self.out, self.moves, self.extra, self.illegal = out, moves, extra, illegal
        self.lines = self.answered = 0
        self.tried: str | None = None

    def readline(self, size: int | None = -1) -> str:
        with self.out.asked:  # the timeout only ends a broken run; it is never reached
            asked = self.out.asked.wait_for(lambda: self.out.prompts > self.lines, timeout=60)
            if not asked or self.answered >= self.moves:
                return ""  # the end of input: the console saves and stops
            self.lines += 1
            return self.answer(self.out.getvalue()) + "\n"

    def answer(self, screen: str) -> str:
        if self.extra:
            return self.extra.pop(0)
        before, after = screen.rsplit("Your move:", 1)
        held = before.rsplit("Your hand:", 1)[1].split()
        legal = re.findall(r"\d+\) (\S+)", after.split("\n", 1)[0])
        if self.illegal and self.tried is None and legal[0][0] in SUITS:
            barred = [c for c in held if c not in legal]
            if barred:
                self.tried = barred[0]
                return code(barred[0])
        self.answered += 1
        return code(legal[0]) if legal[0][0] in SUITS else "1"


def code(card: str) -> str:
    """``♥10`` as typed: ``H10``."""
    return SUITS[card[0]] + card[1:]


def play(
    tmp_path: Path, game: str, moves: int, extra: tuple[str, ...] = (), illegal: bool = False
) -> str:
    out = Screen()
    player = Player(out, moves, list(extra), illegal)
    argv = ["--game", game, "--db", str(tmp_path / "console.sqlite3"), "--seed", "7"]
    assert console.main(argv, stdin=player, out=out) == 0  # type: ignore[arg-type]
    return out.getvalue()


@pytest.mark.parametrize("game", ["schieber", "klaberjass"])
def test_a_few_tricks_by_card_code_then_resume(tmp_path: Path, game: str) -> None:
    text = play(tmp_path, game, moves=8, extra=("help", "nonsense", "show", "record"))
    assert "Type the number of a choice" in text and "Not understood" in text
    assert "No hand of this table has been finished yet." in text
    assert "Trick 3 to" in text and "Your hand:" in text
    assert text.rstrip().endswith("run the console again to carry on.")
    again = play(tmp_path, game, moves=4)
    assert again.startswith("Table #1:")  # the same table, carried on
    assert re.search(r"Trick \d+ to", again)


@pytest.mark.parametrize("game", ["schieber", "klaberjass"])
def test_an_illegal_card_gets_the_engine_s_reason(tmp_path: Path, game: str) -> None:
    text = play(tmp_path, game, moves=12, illegal=True)
    assert re.search(r"You must (follow|play)|undertrump|higher trump|must trump", text), text


def bot_py(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DISCORD_TOKEN": "", "TRUMPF_BOT_PAUSE": "0"}
    return subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), *args],
        input=stdin, capture_output=True, text=True, env=env, timeout=60,
    )  # fmt: skip


def test_bot_py_without_a_token_says_how_to_get_one_and_falls_back(tmp_path: Path) -> None:
    run = bot_py("--db", str(tmp_path / "t.sqlite3"), "--game", "klaberjass", stdin="1\n1\nquit\n")
    assert run.returncode == 0, run.stderr
    assert "No DISCORD_TOKEN" in run.stderr and "developers" in run.stderr
    assert "Your move:" in run.stdout and "Traceback" not in run.stderr


def test_bot_py_console_plays_at_once(tmp_path: Path) -> None:
    run = bot_py("--console", "--db", str(tmp_path / "t.sqlite3"), stdin="1\n1\n1\n1\n")
    assert run.returncode == 0, run.stderr
    assert "No DISCORD_TOKEN" not in run.stderr and "You play" in run.stdout
    assert "Traceback" not in run.stderr
