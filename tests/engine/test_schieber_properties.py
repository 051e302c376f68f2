"""Invariants of Schieber over thousands of random deals and plays."""

import json
import random
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Choose, Deal, Play
from engine.cards import FULL_DECK, Card
from engine.replay import replay_record
from engine.schieber.hand import SchieberHand
from engine.schieber.match import SchieberMatch
from engine.schieber.record import hand_to_record
from engine.schieber.rules import PRESETS

seeds = st.integers(min_value=0, max_value=2**32 - 1)
presets = st.sampled_from(sorted(PRESETS))


def random_hand(seed: int, preset: str = "pagat-3000") -> SchieberHand:
    """A hand played to the end with random legal actions, checking as it goes."""
    rng = random.Random(seed)
    match, _ = SchieberMatch.new({"preset": preset}).apply(Deal(seed))
    hand = match.hand
    while not hand.complete:
        legal = hand.legal_actions()
        assert legal, "a legal action always exists"
        hand = hand.apply(rng.choice(legal))[0]
    return hand


@settings(max_examples=1500, deadline=None, derandomize=True)
@given(seeds, presets)
def test_every_card_played_once_and_157_points(seed, preset):
    hand = random_hand(seed, preset)
    played = [c for t in hand.tricks for c in t.cards]
    assert len(played) == 36 and len(set(played)) == 36
    assert sum(hand.points) == 157 == sum(t.points for t in hand.tricks)
    assert hand.held == (0, 0, 0, 0)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(seeds, presets)
def test_replaying_a_record_gives_the_same_result(seed, preset):
    hand = random_hand(seed, preset)
    result = replay_record(json.loads(json.dumps(hand_to_record(hand))))
    assert result["ok"] and result["complete"]
    assert result["score"] == {"points": list(hand.points), "total": list(hand.credited)}
    assert [t["winner"] for t in result["tricks"]] == [t.winner for t in hand.tricks]
    assert len(result["plays"]) == 36
    assert all(p["card"] in p["legal"] for p in result["plays"])


@settings(max_examples=200, deadline=None, derandomize=True)
@given(seeds)
def test_observation_never_shows_another_players_cards(seed):
    rng = random.Random(seed)
    match, _ = SchieberMatch.new().apply(Deal(seed))
    for _ in range(rng.randrange(1, 36)):
        match, _ = match.apply(rng.choice(match.legal_actions()))
    for seat in range(4):
        view = match.observation(seat)
        others = FULL_DECK & ~match.hand.held[seat]
        unseen = [c for c in view.hand if others & c.bit]
        assert unseen == []
        assert set(view.hand) == set(match.hand.hand_of(seat))
        assert all(isinstance(a, Play | Choose) or a.seat == seat for a in view.legal)
        assert bool(view.legal) == (match.to_move == seat)


def test_replay_command_reports_illegal_action_and_exits_2_on_bad_input(tmp_path):
    hand = random_hand(7)
    record = hand_to_record(hand)
    bad = dict(record, actions=[*record["actions"][:3], {"seat": 0, "play": "SA"}])
    # The fourth action is out of turn (or not held): a result, not a failure.
    path = tmp_path / "records.jsonl"
    path.write_text(json.dumps(record) + "\n" + json.dumps(bad) + "\n")
    run = subprocess.run(
        [sys.executable, "-m", "engine.replay", str(path)], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    good, illegal = (json.loads(line) for line in run.stdout.splitlines())
    assert good["ok"] and good["complete"]
    assert not illegal["ok"] and illegal["error"]["index"] == 3
    assert illegal["error"]["reason"]
    missing = subprocess.run(
        [sys.executable, "-m", "engine.replay"],
        input=json.dumps({"game": "schieber", "dealer": 0}) + "\n",
        capture_output=True,
        text=True,
    )
    assert missing.returncode == 2 and "line 1" in missing.stderr and "hands" in missing.stderr
    not_json = subprocess.run(
        [sys.executable, "-m", "engine.replay"], input="{oops\n", capture_output=True, text=True
    )
    assert not_json.returncode == 2 and "not JSON" in not_json.stderr


def test_replay_output_keys_follow_the_contract():
    result = replay_record(hand_to_record(random_hand(3)))
    assert {"ok", "contract", "maker", "plays", "tricks", "declarations", "score", "complete"} <= (
        set(result)
    )
    assert Card.from_code(result["plays"][0]["card"])
    for d in result["declarations"]:
        assert {"seat", "kind", "cards", "points", "scored"} <= set(d)
