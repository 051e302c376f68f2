"""Klaberjass hand records and ``python -m engine.replay``."""

import io
import json
import subprocess
import sys
from pathlib import Path

from engine.actions import Bid, BidKind, Play
from engine.cards import Card
from engine.klaberjass import KlaberjassHand
from engine.klaberjass.record import hand_to_record, replay
from engine.replay import run

ROOT = Path(__file__).resolve().parents[2]

# The scripted hand of test_klaberjass_hand: dealer 0, elder 1 takes ♥, 62 against 66.
RECORD = {
    "game": "klaberjass",
    "rules": {"target": 501},
    "dealer": 0,
    "hands": [["HA", "H10", "DA", "D10", "CA", "C10"], ["HJ", "H9", "SA", "S10", "D7", "D8"]],
    "turn_up": "HK",
    "extra": [["S8", "D9", "C9"], ["C7", "C8", "S7"]],
    "actions": [
        {"seat": 1, "bid": "take"},
        *(
            {"seat": seat, "play": card}
            for seat, card in [
                (1, "SA"), (0, "S8"), (1, "S10"), (0, "H10"), (0, "DA"), (1, "D7"),
                (0, "D10"), (1, "D8"), (0, "CA"), (1, "C7"), (0, "C10"), (1, "C8"),
                (0, "D9"), (1, "H9"), (1, "HJ"), (0, "HA"), (1, "S7"), (0, "C9"),
            ]
        ),
    ],
}  # fmt: skip


def replay_lines(*records) -> tuple[int, list[dict]]:
    out = io.StringIO()
    status = run([json.dumps(r) if isinstance(r, dict) else r for r in records], out)
    return status, [json.loads(line) for line in out.getvalue().splitlines()]


def test_replay_of_a_good_record():
    status, [result] = replay_lines(RECORD)
    assert status == 0
    assert result["ok"] is True and result["complete"] is True
    assert (result["contract"], result["maker"]) == ("hearts", 1)
    assert len(result["plays"]) == 18 and len(result["tricks"]) == 9
    assert result["plays"][0] == {
        "seat": 1,
        "card": "SA",
        "legal": sorted(["HJ", "H9", "SA", "S10", "D7", "D8", "C7", "C8", "S7"]),
    }
    assert result["plays"][3] == {"seat": 0, "card": "H10", "legal": ["H10", "HA"]}
    assert result["tricks"][0] == {"leader": 1, "cards": ["SA", "S8"], "winner": 1, "points": 11}
    assert result["tricks"][-1] == {"leader": 1, "cards": ["S7", "C9"], "winner": 1, "points": 10}
    assert result["declarations"] == []
    assert result["score"]["points"] == [62, 66] and result["score"]["total"] == [62, 66]


def test_replay_maker_failed_and_declarations():
    record = {**RECORD, "actions": [{"seat": 1, "bid": "pass"}, {"seat": 0, "bid": "take"}]}
    record["actions"] += RECORD["actions"][1:]
    result = replay(record)
    assert result["maker"] == 0 and result["score"]["total"] == [0, 128]
    assert result["score"]["maker_failed"] is True
    # Bela and a lost sequence: seat 0 ♥K ♥Q and ♠7-8-9, seat 1 ♦J-Q-K-A.
    hand = KlaberjassHand.from_codes(
        0,
        [["HK", "HQ", "S7", "S8", "S9", "C7"], ["DA", "DK", "DQ", "DJ", "HJ", "H9"]],
        "HA",
        [["C9", "H8", "CA"], ["SA", "C8", "S10"]],
    )
    hand = hand.apply(Bid(1, BidKind.TAKE))[0]
    while not hand.complete:
        hand = hand.apply(next(a for a in hand.legal_actions() if isinstance(a, Play)))[0]
    declarations = replay(hand_to_record(hand))["declarations"]
    assert declarations == [
        {"seat": 0, "kind": "sequence", "cards": ["S7", "S8", "S9"], "points": 20, "scored": False},
        {
            "seat": 1,
            "kind": "sequence",
            "cards": ["DJ", "DQ", "DK", "DA"],
            "points": 50,
            "scored": True,
        },
        {"seat": 0, "kind": "bela", "cards": ["HK", "HQ"], "points": 20, "scored": True},
    ]


def test_replay_of_an_illegal_action_reports_index_and_reason():
    record = json.loads(json.dumps(RECORD))
    record["actions"][6] = {"seat": 1, "play": "HJ"}  # on the ♦A; the elder holds ♦7 and ♦8
    status, [result] = replay_lines(record)
    assert status == 0
    assert result["ok"] is False
    assert result["error"] == {"index": 6, "reason": "You must follow ♦ diamonds."}
    assert [p["card"] for p in result["plays"]] == ["SA", "S8", "S10", "H10", "DA"]
    assert len(result["tricks"]) == 2 and result["complete"] is False


def test_replay_of_an_out_of_turn_action_and_a_refused_bid():
    record = {**RECORD, "actions": [{"seat": 0, "bid": "take"}]}
    result = replay(record)
    assert result["ok"] is False and result["error"]["index"] == 0
    assert "not your turn" in result["error"]["reason"]
    bids = [{"seat": 1, "bid": "pass"}, {"seat": 0, "bid": "pass"}]
    record = {**RECORD, "actions": [*bids, {"seat": 1, "bid": "name", "suit": "hearts"}]}
    result = replay(record)
    assert result["error"] == {
        "index": 2,
        "reason": "You may not name the turn-up's suit in the second round.",
    }


def test_replay_of_a_partial_and_an_annulled_record():
    result = replay({**RECORD, "actions": RECORD["actions"][:4]})
    assert result["ok"] is True and result["complete"] is False
    assert result["score"]["total"] == [0, 0] and result["score"]["points"] == [0, 11]
    passes = [{"seat": s, "bid": "pass"} for s in (1, 0, 1, 0)]
    result = replay({**RECORD, "actions": passes})
    assert result["ok"] is True and result["annulled"] is True and result["contract"] is None


def test_replay_of_a_swap():
    record = {
        **RECORD,
        "hands": [["H7", "H10", "DA", "D10", "CA", "C10"], RECORD["hands"][1]],
        "actions": [{"seat": 1, "bid": "take"}, {"seat": 0, "swap": True}],
    }
    result = replay(record)
    assert result["ok"] is True and result["swapped_by"] == 0


def test_missing_key_exits_2(capsys):
    record = {k: v for k, v in RECORD.items() if k != "turn_up"}
    status, results = replay_lines(RECORD, record)
    assert status == 2 and len(results) == 1
    assert "line 2" in capsys.readouterr().err


def test_malformed_deals_exit_2():
    bad = [
        {**RECORD, "dealer": 2},
        {**RECORD, "hands": [RECORD["hands"][0]]},
        {**RECORD, "turn_up": "HA"},  # a card dealt twice
        {**RECORD, "turn_up": "H6"},  # no sixes in Klaberjass
        {**RECORD, "extra": [["S8", "D9"], ["C7", "C8", "S7"]]},
        {**RECORD, "rules": {"target": "lots"}},
        {**RECORD, "actions": [{"seat": 1, "bid": "name"}]},
    ]
    for record in bad:
        assert replay_lines(record)[0] == 2, record


def test_hand_to_record_round_trip():
    hand = KlaberjassHand.from_codes(
        RECORD["dealer"], RECORD["hands"], RECORD["turn_up"], RECORD["extra"]
    )
    hand = hand.apply(Bid(1, BidKind.TAKE))[0]
    hand = hand.apply(Play(1, Card.from_code("SA")))[0]
    record = hand_to_record(hand)
    for key in ("hands", "extra"):
        record[key] = [sorted(cards) for cards in record[key]]
    expected = {**RECORD, "actions": RECORD["actions"][:2]}
    for key in ("hands", "extra"):
        expected[key] = [sorted(cards) for cards in expected[key]]
    assert record == expected
    assert replay(hand_to_record(hand))["plays"] == replay(expected)["plays"]


def test_the_replay_command(tmp_path):
    path = tmp_path / "hands.jsonl"
    path.write_text(json.dumps(RECORD) + "\n" + json.dumps({**RECORD, "actions": []}) + "\n")
    done = subprocess.run(
        [sys.executable, "-m", "engine.replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    results = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["score"]["total"] for r in results] == [[62, 66], [0, 0]]
    done = subprocess.run(
        [sys.executable, "-m", "engine.replay"],
        cwd=ROOT,
        input='{"game": "klaberjass", "dealer": 0}\n',
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "line 1" in done.stderr and done.stdout == ""


def test_a_record_nested_too_deeply_for_json_exits_2(capsys):
    deep = {**RECORD, "rules": {"target": json.loads("[" * 50 + "]" * 50)}}
    text = json.dumps(deep).replace("[" * 50, "[" * 5000).replace("]" * 50, "]" * 5000)
    assert run([text], io.StringIO()) == 2
    assert "line 1: not a hand record: nested too deeply" in capsys.readouterr().err
