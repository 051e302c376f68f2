"""``python -m engine.replay`` as a user meets it: bad files, bad lines, ``--help``."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import replay
from engine.actions import Deal
from engine.schieber.match import SchieberMatch
from engine.schieber.record import hand_to_record

ROOT = Path(__file__).resolve().parents[2]


def good_record(seed: int = 5) -> str:
    match, _ = SchieberMatch.new({}).apply(Deal(seed))
    return json.dumps(hand_to_record(match.hand))


def replay_cli(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [sys.executable, "-m", "engine.replay", *args],
        cwd=ROOT, input=stdin, capture_output=True, timeout=60,
    )  # fmt: skip
    return subprocess.CompletedProcess(
        done.args, done.returncode, done.stdout.decode(), done.stderr.decode()
    )


def assert_one_clear_line(done: subprocess.CompletedProcess[str], *words: str) -> None:
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert "Traceback" not in done.stderr
    for word in words:
        assert word in done.stderr


def test_a_missing_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    assert_one_clear_line(replay_cli(str(tmp_path / "nope.jsonl")), "no file", "nope.jsonl")


def test_a_directory_is_one_line_and_exit_2(tmp_path: Path) -> None:
    assert_one_clear_line(replay_cli(str(tmp_path)), "is a directory")


def test_a_binary_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "picture.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" + bytes(range(256)) * 4)
    assert_one_clear_line(replay_cli(str(path)), "binary file", "JSON Lines")


def test_two_files_are_refused_with_a_pointer_to_help(tmp_path: Path) -> None:
    assert_one_clear_line(replay_cli("a.jsonl", "b.jsonl"), "one FILE", "--help")


def test_help_prints_the_usage_and_exits_0() -> None:
    done = replay_cli("--help")
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.startswith("usage: python -m engine.replay [FILE]")
    assert "Exit status" in done.stdout


def test_a_bad_record_in_the_middle_is_named_and_the_rest_replayed(tmp_path: Path) -> None:
    path = tmp_path / "records.jsonl"
    lines = [good_record(1), "{oops", b"\xff\xfe not text", '{"game": "whist"}', good_record(2)]
    path.write_bytes(b"\n".join(x if isinstance(x, bytes) else x.encode() for x in lines))
    done = replay_cli(str(path))
    assert done.returncode == 2
    results = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(results) == 2 and all(r["ok"] for r in results)  # lines 1 and 5
    errors = done.stderr.splitlines()
    assert [e.split(":")[0] for e in errors] == ["line 2", "line 3", "line 4"]
    assert "not JSON" in errors[0] and "UTF-8" in errors[1] and "whist" in errors[2]


def test_standard_input_and_dash_read_the_same() -> None:
    record = (good_record() + "\n").encode()
    assert replay_cli(stdin=record).stdout == replay_cli("-", stdin=record).stdout != ""


def run_quietly(lines: Iterable[str | bytes]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        status = replay.run(lines, out)
    return status, out.getvalue(), err.getvalue()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400))
def test_arbitrary_bytes_never_raise(data: bytes) -> None:
    status, _, err = run_quietly(io.BytesIO(data))
    assert status == (2 if err else 0)
    assert all(line.startswith("line ") for line in err.splitlines())


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)
record_keys = st.sampled_from(
    ["game", "rules", "dealer", "hands", "actions", "turn_up", "extra", "preset", "target"]
)
record_like = st.fixed_dictionaries(
    {"game": st.sampled_from(["schieber", "klaberjass"])},
    optional={"dealer": json_values, "hands": json_values, "actions": json_values},
) | st.dictionaries(record_keys, json_values)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(json_values | record_like)
def test_arbitrary_json_never_raises(value: object) -> None:
    status, out, err = run_quietly([json.dumps(value)])
    assert (status, len(out.splitlines()), len(err.splitlines())) in ((0, 1, 0), (2, 0, 1))
    assert err == "" or err.startswith("line 1: ")
