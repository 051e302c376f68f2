"""What the console makes of what is typed at it, and of its command line."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Action, Choose, Contract, Play, Push
from engine.cards import Card
from tables import text
from tables.console import Unclear, parse
from tables.console import main as console_main
from tables.service import TableService

ROOT = Path(__file__).resolve().parents[2]
LEGAL: list[Action] = [Play(0, Card.from_code("H10")), Play(0, Card.from_code("SA"))]


@pytest.mark.parametrize("line", ["²", "①", "٣x", "1²"])
def test_digits_int_cannot_read_are_not_understood(line: str) -> None:
    assert isinstance(parse(line, 0, LEGAL), Unclear)


def test_two_choices_at_once_are_refused() -> None:
    unclear = parse("1 2", 0, LEGAL)
    assert isinstance(unclear, Unclear) and "more than one choice" in unclear.why


def test_a_number_out_of_range_says_the_range() -> None:
    unclear = parse("2", 0, [Push(0)])
    assert isinstance(unclear, Unclear) and "from 1 to 1" in unclear.why


def test_what_is_understood_still_is() -> None:
    assert parse(" 2 ", 0, LEGAL) == LEGAL[1]
    assert parse("OBENABE", 0, LEGAL) == Choose(0, Contract.OBENABE)
    assert isinstance(parse("name", 0, LEGAL), Unclear)


@settings(max_examples=500, deadline=None)
@given(st.text())
def test_any_text_at_the_prompt_is_an_answer_never_an_error(line: str) -> None:
    answer = parse(line, 0, LEGAL)
    assert isinstance(answer, Unclear | str) or answer in LEGAL or hasattr(answer, "seat")
    if isinstance(answer, Unclear):
        assert answer.why and "\n" not in answer.why


def console(tmp_path: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DISCORD_TOKEN": "", "TRUMPF_BOT_PAUSE": "0"}
    db = ["--db", str(tmp_path / "t.sqlite3"), "--seed", "3"]
    return subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), "--console", *db, *args],
        input=stdin, capture_output=True, text=True, env=env, timeout=60,
    )  # fmt: skip


def test_odd_input_names_the_choices_and_the_game_goes_on(tmp_path: Path) -> None:
    run = console(tmp_path, stdin="²\n①\n1 2\n99\n1\nquit\n")
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    assert "You sit in seat 1." in run.stdout
    replies = [line for line in run.stdout.splitlines() if "Your choices: 1)" in line]
    assert len(replies) == 4  # one per line not understood, each naming the choices
    assert "'1 2' is more than one choice" in run.stdout
    assert "There is no choice 99" in run.stdout
    assert run.stdout.rstrip().endswith("run the console again to carry on.")


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("--target", "0"), "schieber plays to 100-10000"),
        (("--game", "klaberjass", "--target", "9999"), "klaberjass plays to 50-5000"),
        (("--target", "x"), "invalid int value"),
        (("--bots", "godlike"), "easy"),
        (("--preset", "pagat"), "pagat-3000"),
    ],
)
def test_a_bad_console_option_is_one_line_and_exit_2(
    tmp_path: Path, args: tuple[str, ...], says: str
) -> None:
    run = console(tmp_path, *args)
    assert run.returncode == text.EXIT_BAD_INPUT and run.stdout == ""
    assert len(run.stderr.splitlines()) == 1 and says in run.stderr, run.stderr
    assert not (tmp_path / "t.sqlite3").exists()


def test_a_target_in_range_is_played_to(tmp_path: Path) -> None:
    run = console(tmp_path, "--game", "klaberjass", "--target", "50", stdin="quit\n")
    assert run.returncode == 0, run.stderr
    assert "(to 50)" in run.stdout


@settings(max_examples=15, deadline=None)
@given(st.lists(st.text(), max_size=6))
def test_any_text_typed_at_the_console_keeps_it_running(lines: list[str]) -> None:
    typed = "".join(line.replace("\n", " ") + "\n" for line in lines if "quit" not in line)
    with tempfile.TemporaryDirectory() as folder:
        out = io.StringIO()
        argv = ["--db", str(Path(folder) / "t.sqlite3"), "--seed", "1", "--pause", "0"]
        status = console_main(argv, stdin=io.StringIO(typed), out=out)
    assert status == 0
    assert out.getvalue().rstrip().endswith("run the console again to carry on.")


def test_a_database_that_turns_read_only_stops_the_console_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    opened = TableService.open

    async def then_read_only(*args: Any, **kwargs: Any) -> TableService:
        service = await opened(*args, **kwargs)
        async with service.store.exclusive() as db:  # as a remount read-only would
            await db.execute("PRAGMA query_only = 1")
        return service

    monkeypatch.setattr(TableService, "open", then_read_only)
    out = io.StringIO()
    status = console_main(["--db", str(tmp_path / "t.sqlite3")], io.StringIO("1\n"), out)
    err = capsys.readouterr().err
    assert status == text.EXIT_NOT_WRITABLE
    assert (
        err.count("read-only") == 1 and len(err.splitlines()) == 1 and "Bye" not in out.getvalue()
    )
