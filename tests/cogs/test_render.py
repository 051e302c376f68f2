"""The pure half of the Discord layer: button ids, what messages say, screens' limits."""

from __future__ import annotations

import doctest
import json
import random
import re
from collections import Counter

import pytest

import cogs.board
import cogs.refs
import cogs.render
from cogs.board import board_screen as table_screen
from cogs.panel_screen import panel_screen, sorted_hand
from cogs.refs import Ref, action_of, ref_of
from cogs.render import chunks, event_line, hand_result_line
from cogs.screens import lobby_screen, result_screen
from engine import events as ev
from engine.actions import Deal
from engine.cards import Card, Suit
from engine.phase import Phase
from tables import games
from tables.model import Seat, Table, TableOptions, TableStatus

CARD = r"[♠♥♦♣](?:10|[AKQJ9876])"


@pytest.mark.parametrize("module", [cogs.refs, cogs.render, cogs.board])
def test_doctests(module):
    assert doctest.testmod(module).failed == 0


def cards(*codes: str) -> tuple[Card, ...]:
    return tuple(Card.from_code(c) for c in codes)


def table(game: str = "schieber", match=None, seq: int = 0) -> Table:
    seats = (Seat(0, user="111"), Seat(1, bot="easy"), Seat(2, user="333"), Seat(3, bot="hard"))
    seats = seats if game == "schieber" else (seats[0], Seat(1, bot="easy"))
    status = TableStatus.PLAYING if match is not None else TableStatus.LOBBY
    return Table(7, game, "1", "2", "111", TableOptions(), status, seats, seq=seq, match=match)


def random_states(game: str, seed: int, hands: int = 3):
    """Tables along a random match: every state a panel or table message may show."""
    rng = random.Random(seed)
    match = games.new_match(game, {})
    seq = 0
    while match.winner is None and match.hand_number <= hands:
        if match.phase is Phase.DEAL:
            match, _ = match.apply(Deal(rng.getrandbits(32)))
        else:
            yield table(game, match, seq)
            match, _ = match.apply(rng.choice(match.legal_actions()))
        seq += 1


@pytest.mark.parametrize("game", ["schieber", "klaberjass"])
def test_every_legal_action_is_a_button_that_means_it(game):
    for t in random_states(game, seed=5):
        for action in t.match.legal_actions():
            ref = ref_of(action, t.id, t.seq, t.match.hand_number)
            assert len(ref.custom_id) <= 100
            assert Ref.parse(ref.custom_id) == ref
            assert action_of(ref) == action


@pytest.mark.parametrize("game", ["schieber", "klaberjass"])
def test_screens_stay_within_discords_limits(game):
    for t in random_states(game, seed=11):
        screens = [table_screen(t)] + [
            panel_screen(t, s.number) for s in t.seats if s.user is not None
        ]
        for screen in screens:
            ids = [b.ref.custom_id for b in screen.buttons]
            assert len(ids) == len(set(ids)) <= 25
            rows = Counter(b.row for b in screen.buttons)
            assert all(n <= 5 for n in rows.values()) and set(rows) <= {None, 0, 1, 2, 3, 4}
            assert all(len(b.label) <= 80 for b in screen.buttons)
            embed = screen.embed.to_dict()
            assert len(embed.get("description") or "") <= 4096
            assert all(len(f["value"]) <= 1024 and f["value"] for f in embed.get("fields", []))
        panel = panel_screen(t, 0)
        legal = {
            ref_of(a, t.id, t.seq, t.match.hand_number).custom_id
            for a in t.match.observation(0).legal
        }
        enabled = {
            b.ref.custom_id for b in panel.buttons if not b.disabled and b.ref.action != "look"
        }
        assert enabled == legal  # exactly the legal moves can be clicked


@pytest.mark.parametrize("game", ["schieber", "klaberjass"])
def test_the_table_message_shows_no_card_still_hidden_in_a_hand(game):
    for t in random_states(game, seed=3):
        view = t.match.observation(0)
        public = {c for _, c in view.trick} | {c for tr in view.tricks for c in tr.cards}
        public |= {c for d in view.declarations for c in d.cards}
        public |= {getattr(view, "table_card", None), getattr(view, "turn_up", None)}
        shown = re.findall(CARD, json.dumps(table_screen(t).embed.to_dict(), ensure_ascii=False))
        assert {Card.from_code("SHDC"["♠♥♦♣".index(c[0])] + c[1:]) for c in shown} <= public


def test_lines_for_weis_stoeck_bela_a_match_and_a_failed_maker():
    t = table()
    four = ev.Declaration(0, "four", cards("SJ", "HJ", "DJ", "CJ"), 200)
    row = ev.Declaration(1, "sequence", cards("H8", "H7", "H6"), 20)
    line = event_line(t, ev.DeclarationsScored((four,), (row,), 0, 400))
    assert line == (
        "📣 Weis for **Team A** (+400): <@111>: four Js ♠J ♥J ♦J ♣J (200)\n"
        "Team B: Weis do not count."  # their cards are still in hand: never shown
    )
    stoeck = ev.Declaration(2, "stoeck", cards("HK", "HQ"), 20)
    assert event_line(t, ev.StoeckDeclared(stoeck, 40)) == "👑 <@333>: **Stöck!** (+40)"
    assert event_line(t, ev.WeisAnnounced(3, 50)) == "📣 🤖 Bot 4 announces Weis of 50."
    scored = ev.HandScored(2, (157, 0), (257, 0), (900, 300), match_by=0)
    assert hand_result_line(t, scored) == (
        "**Hand 2:** Team A **257** · Team B **0** (card points 157 : 0). "
        "Match: Team A **900** · Team B **300**.\n🎉 **Match!** Team A took every trick."
    )
    k = table("klaberjass")
    bela = ev.Declaration(1, "bela", cards("SK", "SQ"), 20)
    assert event_line(k, ev.StoeckDeclared(bela, 20)) == "👑 🤖 Bot 2: **Bela!** (+20)"
    failed = ev.HandScored(3, (60, 102), (0, 182), (120, 400), maker_failed=True)
    assert hand_result_line(k, failed, maker=0).endswith(
        "❌ <@111> made trump and failed: the opponent scores both totals."
    )
    swap = ev.TrumpSwapped(1, Card.from_code("S7"), Card.from_code("SA"))
    assert event_line(k, swap) == "🔄 🤖 Bot 2 swaps ♠7 for the turn-up ♠A."
    assert event_line(k, ev.HandAnnulled(4)).startswith("Hand 4: both passed twice.")
    assert event_line(k, ev.CardPlayed(0, Card.from_code("SA"))) is None  # the trick says it


def test_long_logs_are_cut_into_messages_that_fit():
    lines = [f"Trick {n}: " + "x" * 300 for n in range(20)]
    parts = chunks(lines)
    assert all(len(p) <= 1900 for p in parts) and "\n".join(parts) == "\n".join(lines)


def test_hands_are_sorted_by_suit_trump_first():
    hand = cards("SA", "H10", "D7", "C6", "HK", "S6")
    assert [str(c) for c in sorted_hand(hand, Suit.HEARTS)] == ["♥K", "♥10", "♠A", "♠6", "♣6", "♦7"]
    assert [str(c) for c in sorted_hand(hand, None)] == ["♠A", "♠6", "♥K", "♥10", "♣6", "♦7"]


def test_lobby_and_result_screens():
    lobby = lobby_screen(table())
    assert [b.label for b in lobby.buttons][:4] == [
        "Seat 1 (A): taken",
        "Seat 2 (B): remove bot",
        "Seat 3 (A): taken",
        "Seat 4 (B): remove bot",
    ]
    match = games.new_match("klaberjass", {"target": 50})
    rng = random.Random(1)
    while match.winner is None:
        action = (
            Deal(rng.getrandbits(32))
            if match.phase is Phase.DEAL
            else rng.choice(match.legal_actions())
        )
        match, _ = match.apply(action)
    done = table("klaberjass", match)
    result = result_screen(done)
    assert "wins Klaberjass table #7" in result.embed.title
    assert [b.label for b in result.buttons] == ["Play again"]
    assert [b.label for b in result_screen(done, rematch=8).buttons] == ["Rematch: table #8"]
