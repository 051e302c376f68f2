"""``python bot.py`` as a user starts it: help, bad settings, a refused token, no network.

Discord is never reached: its HTTP base is pointed at a local server that refuses the
token, or at a closed local port.  Each failure is one line with its own exit status.
"""

from __future__ import annotations

import http.server
import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tables import text

ROOT = Path(__file__).resolve().parents[1]
# bot.py as `python bot.py` runs it, with discord.py's API base moved to ``base``.
LAUNCH = (
    "import runpy, sys, discord.http; discord.http.Route.BASE = sys.argv.pop(1); "
    "sys.argv[0] = 'bot.py'; runpy.run_path('bot.py', run_name='__main__')"
)


def bot_py(
    tmp_path: Path, *args: str, base: str = "http://127.0.0.1:9/api/v10", **env: str
) -> subprocess.CompletedProcess[str]:
    full_env = {
        **os.environ,
        "DISCORD_TOKEN": "abc",
        "TRUMPF_DB": str(tmp_path / "trumpf.sqlite3"),
        "TRUMPF_BOT_PAUSE": "0",
        **env,
    }
    return subprocess.run(
        [sys.executable, "-c", LAUNCH, base, *args],
        cwd=ROOT, env=full_env, capture_output=True, text=True, timeout=120,
        stdin=subprocess.DEVNULL,
    )  # fmt: skip


def one_line(run: subprocess.CompletedProcess[str], status: int, *words: str) -> str:
    assert run.returncode == status, run.stderr
    assert "Traceback" not in run.stderr and run.stdout == ""
    lines = run.stderr.splitlines()
    assert len(lines) <= 3, run.stderr
    for word in words:
        assert word in run.stderr
    return run.stderr


@pytest.fixture
def closed_port() -> int:
    """A local port nothing listens on: connecting fails at once, as with no network."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Refuses(http.server.BaseHTTPRequestHandler):
    """Discord's answer to a bad token, for every request."""

    def do_GET(self) -> None:
        body = b'{"message": "401: Unauthorized", "code": 0}'
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def refusing_discord() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Refuses)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/api/v10"
    finally:
        server.shutdown()
        server.server_close()


def test_help_prints_the_usage_first_and_nothing_else(tmp_path: Path) -> None:
    run = bot_py(tmp_path, "--help", DISCORD_TOKEN="")
    assert run.returncode == 0 and run.stderr == ""
    assert run.stdout.startswith("usage: python bot.py [--console")
    assert "No DISCORD_TOKEN" not in run.stdout
    assert not (tmp_path / "trumpf.sqlite3").exists()  # asking for help opens nothing


def test_console_help_is_the_console_s_usage(tmp_path: Path) -> None:
    run = bot_py(tmp_path, "--console", "--help")
    assert run.returncode == 0 and run.stdout.startswith("usage: python bot.py --console")


def test_a_refused_token_is_one_line_and_exit_4(tmp_path: Path, refusing_discord: str) -> None:
    run = bot_py(tmp_path, base=refusing_discord)
    one_line(run, text.EXIT_TOKEN_REFUSED, "refused the token", "DISCORD_TOKEN")


def test_unreachable_discord_is_one_line_and_exit_5(tmp_path: Path, closed_port: int) -> None:
    run = bot_py(tmp_path, base=f"http://127.0.0.1:{closed_port}/api/v10")
    err = one_line(run, text.EXIT_UNREACHABLE, "cannot be reached", "network")
    assert "PyNaCl" not in err and "davey" not in err and "voice" not in err


def test_a_bad_database_is_said_before_discord_is_asked(tmp_path: Path) -> None:
    (tmp_path / "trumpf.sqlite3").write_bytes(b"\x00\x01 not a database" * 100)
    run = bot_py(tmp_path)  # the closed default port: Discord would be unreachable
    one_line(run, text.EXIT_BAD_INPUT, "not an SQLite database", "TRUMPF_DB")


@pytest.mark.parametrize(
    ("key", "value", "allowed"),
    [
        ("TRUMPF_CARD_CLOCK", "nan", "from 0 to 86400"),
        ("TRUMPF_CARD_CLOCK", "1e309", "from 0 to 86400"),
        ("TRUMPF_STAND_IN_BOT", "godlike", "easy, medium, hard"),
        ("DEV_GUILD_ID", "xyz", "server id"),
        ("TRUMPF_LOG_LEVEL", "LOUD", "DEBUG, INFO, WARNING, ERROR"),
    ],
)
def test_a_bad_setting_is_refused_with_the_allowed_values(
    tmp_path: Path, key: str, value: str, allowed: str
) -> None:
    run = bot_py(tmp_path, **{key: value})
    one_line(run, text.EXIT_BAD_INPUT, f"{key}={value!r}", allowed, ".env")
    assert not (tmp_path / "trumpf.sqlite3").exists()


def test_a_bad_setting_stops_the_console_too(tmp_path: Path) -> None:
    run = bot_py(tmp_path, "--console", TRUMPF_CARD_CLOCK="soon")
    one_line(run, text.EXIT_BAD_INPUT, "TRUMPF_CARD_CLOCK")


def test_words_the_bot_does_not_take_are_refused(tmp_path: Path) -> None:
    one_line(bot_py(tmp_path, "--game", "klaberjass"), text.EXIT_BAD_INPUT, "--help")
