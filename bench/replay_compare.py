"""Replay output of two versions, byte for byte: ``python bench/replay_compare.py COMMIT``.

Generates hand records of both games from ``--seed`` (random play, Weis-rich deals, and
records broken by one illegal action; some cut short, under several rule options), runs
``python -m engine.replay`` on them in a checkout of ``COMMIT`` and in this work tree, and
compares standard output, standard error and exit status.

Prints ``name value`` lines: the records per kind and game, and ``identical 1`` (else 0,
with the first differing line, and exit status 1).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.actions import Swap  # noqa: E402
from engine.cards import CARDS, FULL_DECK, PIQUET_DECK, indices_of  # noqa: E402
from engine.klaberjass.hand import KlaberjassHand  # noqa: E402
from engine.klaberjass.record import hand_to_record as klaberjass_record  # noqa: E402
from engine.klaberjass.rules import KlaberjassRules  # noqa: E402
from engine.phase import Phase  # noqa: E402
from engine.schieber.hand import SchieberHand  # noqa: E402
from engine.schieber.record import hand_to_record as schieber_record  # noqa: E402
from engine.schieber.rules import SchieberRules  # noqa: E402

KINDS = ("random", "weis_rich", "illegal")
SCHIEBER_OPTIONS: tuple[dict[str, Any], ...] = (
    {"preset": "pagat-3000"},
    {"preset": "swisslos-2500"},
    {"preset": "tournament-1000"},
    {"preset": "pagat-3000", "undenufe_six_eleven": True},
    {"preset": "swisslos-2500", "weis": False, "match_bonus": False},
    {"preset": "tournament-1000", "stoeck": True, "multipliers": [1, 2, 2, 5]},
)


def rich_deck(cards: list[int], rng: random.Random) -> list[int]:
    """The cards in suit or rank order, lightly shuffled: runs and fours stay together."""
    by_rank = rng.random() < 0.5
    deck = sorted(cards, key=lambda c: (c % 9, c // 9) if by_rank else c)
    for _ in range(rng.randrange(12)):
        i, j = rng.randrange(len(deck)), rng.randrange(len(deck))
        deck[i], deck[j] = deck[j], deck[i]
    cut = rng.randrange(len(deck))
    return deck[cut:] + deck[:cut]


def schieber_hand(rng: random.Random, rich: bool) -> SchieberHand:
    deck = rich_deck(list(range(36)), rng) if rich else rng.sample(range(36), 36)
    hands = tuple(sum(1 << c for c in deck[9 * s : 9 * s + 9]) for s in range(4))
    assert sum(hands) == FULL_DECK
    rules = SchieberRules.from_options(dict(rng.choice(SCHIEBER_OPTIONS)))
    hand = SchieberHand.start(rules, rng.randrange(4), hands)
    stop = 40 if rng.random() < 0.8 else rng.randrange(40)
    while not hand.complete and len(hand.actions) < stop:
        hand = hand.apply(rng.choice(hand.legal_actions()))[0]
    return hand


def klaberjass_hand(rng: random.Random, rich: bool) -> KlaberjassHand:
    cards = indices_of(PIQUET_DECK)
    deck = rich_deck(cards, rng) if rich else rng.sample(cards, len(cards))
    nine = [deck[0:9], deck[9:18]]
    for h in nine:
        rng.shuffle(h)  # which three of the nine come after the bidding
    dealer = rng.randrange(2)
    hand = KlaberjassHand.start(
        KlaberjassRules.from_options({"target": rng.choice((501, 301, 1001))}),
        dealer,
        tuple(sum(1 << c for c in h[:6]) for h in nine),
        deck[18],
        tuple(sum(1 << c for c in h[6:]) for h in nine),
    )
    stop = 40 if rng.random() < 0.8 else rng.randrange(40)
    while hand.phase is not Phase.OVER and len(hand.actions) < stop:
        other = 1 - hand.to_move
        if hand.phase is Phase.PLAY and rng.random() < 0.2 and hand.swap_refusal(other) is None:
            hand = hand.apply(Swap(other))[0]
            continue
        hand = hand.apply(rng.choice(hand.legal_actions()))[0]
    return hand


def illegal_action(game: str, rng: random.Random) -> dict[str, Any]:
    """An action that parses but may break a rule: any seat, any card, bid or contract."""
    seat = rng.randrange(4 if game == "schieber" else 2)
    roll = rng.random()
    if roll < 0.6:
        return {"seat": seat, "play": CARDS[rng.randrange(36)].code}
    if game == "schieber":
        if roll < 0.8:
            contract = rng.choice(("spades", "hearts", "diamonds", "clubs", "obenabe", "undenufe"))
            return {"seat": seat, "contract": contract}
        return {"seat": seat, "push": True}
    if roll < 0.85:
        kind = rng.choice(("take", "pass", "name"))
        bid: dict[str, Any] = {"seat": seat, "bid": kind}
        if kind == "name":
            bid["suit"] = rng.choice(("spades", "hearts", "diamonds", "clubs"))
        return bid
    return {"seat": seat, "swap": True}


def records(game: str, kind: str, n: int, seed: int) -> list[str]:
    rng = random.Random(f"{seed}/{game}/{kind}")
    play = schieber_hand if game == "schieber" else klaberjass_hand
    to_record = schieber_record if game == "schieber" else klaberjass_record
    lines = []
    for _ in range(n):
        record = to_record(play(rng, kind == "weis_rich" or rng.random() < 0.3))  # type: ignore[operator]
        if kind == "illegal":
            actions = record["actions"]
            at = rng.randrange(len(actions) + 1)
            tail = actions[at + 1 :] if rng.random() < 0.5 else []
            record["actions"] = [*actions[:at], illegal_action(game, rng), *tail]
        lines.append(json.dumps(record))
    return lines


def replay(root: Path, path: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "engine.replay", str(path)], cwd=root, capture_output=True
    )


def checkout(commit: str, into: Path) -> Path:
    """The tree of ``commit`` (its ``engine/`` is all the replay needs)."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", commit, "engine"], capture_output=True, check=True
    )
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("commit", help="the version to compare with, e.g. 30a819b")
    parser.add_argument("--seed", type=int, default=10)
    parser.add_argument("-n", type=int, default=4000, help="records per kind and game")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        lines = []
        for game in ("schieber", "klaberjass"):
            for kind in KINDS:
                batch = records(game, kind, args.n, args.seed)
                print(f"{game}_{kind}_records {len(batch)}")
                lines.extend(batch)
        path = Path(tmp) / "records.jsonl"
        path.write_text("\n".join(lines) + "\n")
        old = replay(checkout(args.commit, Path(tmp)), path)
        new = replay(ROOT, path)
    same = (old.stdout, old.stderr, old.returncode) == (new.stdout, new.stderr, new.returncode)
    print(f"result_lines {len(new.stdout.splitlines())}")
    print(f"replay_exit_status {new.returncode}")
    print(f"identical {int(same)}")
    if not same:
        for a, b in zip(old.stdout.splitlines(), new.stdout.splitlines(), strict=False):
            if a != b:
                print(f"first difference:\n- {a.decode()}\n+ {b.decode()}", file=sys.stderr)
                break
        print(old.stderr.decode(), new.stderr.decode(), file=sys.stderr)
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
