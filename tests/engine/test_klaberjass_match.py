"""A Klaberjass match: the deal, dealer alternation, annulment, the target, observations."""

import dataclasses
import random

import pytest

from engine.actions import Bid, BidKind, Deal, Play, Swap
from engine.cards import CARDS, Card, indices_of
from engine.errors import IllegalAction
from engine.events import HandAnnulled, HandDealt, HandScored, MatchWon
from engine.klaberjass import KlaberjassMatch, KlaberjassRules
from engine.klaberjass.hand import DECK
from engine.klaberjass.view import KlaberjassView
from engine.phase import Phase
from engine.schieber import SchieberMatch


def pass_bid(seat: int) -> Bid:
    return Bid(seat, BidKind.PASS)


def annul(match: KlaberjassMatch) -> tuple[KlaberjassMatch, list]:
    events = []
    for _ in range(4):
        match, new = match.apply(pass_bid(match.to_move))
        events.extend(new)
    return match, events


def play_hand(match: KlaberjassMatch, rng: random.Random) -> tuple[KlaberjassMatch, list]:
    """Random legal actions (taking or naming trump) until the match waits for a deal."""
    events = []
    while match.to_move is not None:
        actions = match.legal_actions()
        bids = [a for a in actions if isinstance(a, Bid) and a.kind is not BidKind.PASS]
        match, new = match.apply(rng.choice(bids or actions))
        events.extend(new)
    return match, events


def test_new_match_waits_for_the_deal():
    match = KlaberjassMatch.new()
    assert (match.phase, match.to_move, match.legal_actions()) == (Phase.DEAL, None, [])
    assert (match.scores, match.sheet, match.hand_number, match.winner) == ((0, 0), (), 0, None)
    assert match.rules == KlaberjassRules(target=501)
    assert KlaberjassMatch.new({"target": 301}).rules.target == 301
    with pytest.raises(ValueError, match="unknown rule option"):
        KlaberjassMatch.new({"preset": "pagat-3000"})
    with pytest.raises(IllegalAction, match="not been dealt"):
        match.apply(pass_bid(0))


def test_same_interface_as_schieber_match():
    names = [
        "new", "side_of", "phase", "to_move", "legal_actions", "apply", "observation",
        "scores", "sheet", "hand", "hand_number", "winner", "rules", "game", "seats",
    ]  # fmt: skip
    match = KlaberjassMatch.new()
    for name in names:
        assert hasattr(SchieberMatch.new(), name) and hasattr(match, name), name
    assert (KlaberjassMatch.game, KlaberjassMatch.seats) == ("klaberjass", 2)
    assert [KlaberjassMatch.side_of(s) for s in (0, 1)] == [0, 1]


def test_deal_draws_the_first_dealer_then_shuffles_with_the_same_rng():
    seed = 1234
    match, events = KlaberjassMatch.new().apply(Deal(seed))
    rng = random.Random(seed)
    dealer = rng.randrange(2)
    deck = list(DECK)
    rng.shuffle(deck)
    elder = 1 - dealer
    hand = match.hand
    assert events == [HandDealt(1, dealer, elder)]
    assert (hand.dealer, hand.elder, hand.to_move) == (dealer, elder, elder)
    assert hand.dealt[elder] == sum(1 << c for c in deck[0:3] + deck[6:9])
    assert hand.dealt[dealer] == sum(1 << c for c in deck[3:6] + deck[9:12])
    assert hand.turn_up == deck[12]
    assert hand.extra[elder] == sum(1 << c for c in deck[13:16])
    assert hand.extra[dealer] == sum(1 << c for c in deck[16:19])
    assert match.phase is Phase.BIDDING and match.to_move == elder


def test_dealer_alternates_every_hand():
    match, rng = KlaberjassMatch.new(), random.Random(5)
    dealers = []
    for seed in range(6):
        match, _ = match.apply(Deal(seed))
        dealers.append(match.hand.dealer)
        match, _ = play_hand(match, rng)
    assert dealers == [dealers[0], 1 - dealers[0]] * 3
    assert match.hand_number == 6 and len(match.sheet) == 6


def test_annulled_hand_is_redealt_by_the_other_player():
    match, _ = KlaberjassMatch.new().apply(Deal(3))
    first = match.hand.dealer
    match, events = annul(match)
    assert events[-1] == HandAnnulled(1)
    assert match.phase is Phase.DEAL and match.to_move is None and match.legal_actions() == []
    assert match.sheet == ((0, 0),) and match.scores == (0, 0)
    match, events = match.apply(Deal(3))
    assert events == [HandDealt(2, 1 - first, first)]
    assert match.hand.dealer == 1 - first and match.to_move == first


def test_deal_refused_while_a_hand_is_played():
    match, _ = KlaberjassMatch.new().apply(Deal(3))
    with pytest.raises(IllegalAction, match="still being played"):
        match.apply(Deal(4))


def test_hand_scored_after_the_last_trick():
    match, _ = KlaberjassMatch.new().apply(Deal(11))
    match, events = play_hand(match, random.Random(1))
    scored = [e for e in events if isinstance(e, HandScored)]
    assert len(scored) == 1
    hand = match.hand
    assert scored[0] == HandScored(
        1, hand.points, hand.credited, hand.credited, maker_failed=hand.maker_failed
    )
    assert match.scores == hand.credited and match.sheet == (hand.credited,)
    assert match.phase is Phase.DEAL


def _hand_with_both_scoring() -> tuple[KlaberjassMatch, list, tuple[int, int]]:
    """A dealt match, the actions of one hand in which both players score, and its totals."""
    for seed in range(100):
        start, _ = KlaberjassMatch.new().apply(Deal(seed))
        match, rng, actions = start, random.Random(seed), []
        while match.to_move is not None:
            legal = match.legal_actions()
            bids = [a for a in legal if isinstance(a, Bid) and a.kind is not BidKind.PASS]
            action = rng.choice(bids or legal)
            actions.append(action)
            match, _ = match.apply(action)
        if min(match.hand.credited) > 0:
            return start, actions, match.hand.credited
    raise AssertionError("no hand found")


def _replay(match: KlaberjassMatch, actions) -> tuple[KlaberjassMatch, list]:
    events = []
    for action in actions:
        match, new = match.apply(action)
        events.extend(new)
    return match, events


def test_first_past_the_target_wins():
    start, actions, (a, b) = _hand_with_both_scoring()
    match, events = _replay(dataclasses.replace(start, scores=(501 - a, 0)), actions)
    assert match.scores == (501, b) and match.winner == 0
    assert events[-1] == MatchWon(0, (501, b)) and match.phase is Phase.OVER
    assert match.to_move is None and match.legal_actions() == []
    with pytest.raises(IllegalAction, match="The match is over"):
        match.apply(Deal(1))


def test_both_past_the_target_higher_wins():
    start, actions, (a, b) = _hand_with_both_scoring()
    match, events = _replay(dataclasses.replace(start, scores=(501 - a, 510 - b)), actions)
    assert match.scores == (501, 510) and match.winner == 1
    assert events[-1] == MatchWon(1, (501, 510))


def test_both_past_the_target_exact_tie_plays_another_hand():
    start, actions, (a, b) = _hand_with_both_scoring()
    match, events = _replay(dataclasses.replace(start, scores=(505 - a, 505 - b)), actions)
    assert match.scores == (505, 505) and match.winner is None
    assert not any(isinstance(e, MatchWon) for e in events)
    assert match.phase is Phase.DEAL
    match, _ = match.apply(Deal(99))
    assert match.phase is Phase.BIDDING and match.hand_number == 2


def test_a_match_is_played_to_the_end():
    match, rng = KlaberjassMatch.new({"target": 301}), random.Random(8)
    seed = 0
    while match.winner is None:
        match, _ = match.apply(Deal(seed))
        match, _ = play_hand(match, rng)
        seed += 1
    assert match.scores == tuple(sum(h[s] for h in match.sheet) for s in (0, 1))
    assert match.scores[match.winner] >= 301
    assert match.scores[match.winner] > match.scores[1 - match.winner]


# --- what a seat sees --------------------------------------------------------------------


def cards_in(value) -> set[Card]:
    """Every card anywhere inside a view's fields."""
    if isinstance(value, Card):
        return {value}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return set().union(*(cards_in(getattr(value, f.name)) for f in dataclasses.fields(value)))
    if isinstance(value, tuple | list):
        return set().union(set(), *(cards_in(v) for v in value))
    return set()


def hidden_from(match: KlaberjassMatch, seat: int) -> set[Card]:
    """The opponent's cards that were not shown, and the stock."""
    hand = match.hand
    other = 1 - seat
    unseen = hand.held[other] | hand.stock
    if hand.trump is None:
        unseen |= hand.extra[0] | hand.extra[1]
    else:
        unseen &= ~(1 << hand.turn_up)  # after a swap everyone knows who holds it
    shown = [d for d in hand.declarations() if hand.tricks and hand.declaration_scored(d)]
    for d in shown:
        unseen &= ~sum(c.bit for c in d.cards)
    return {CARDS[c] for c in indices_of(unseen)}


def test_observation_never_shows_the_opponents_cards_or_the_stock():
    rng = random.Random(21)
    checked = 0
    for seed in range(30):
        match, _ = KlaberjassMatch.new().apply(Deal(seed))
        while match.to_move is not None:
            for seat in (0, 1):
                view = match.observation(seat)
                hidden = hidden_from(match, seat)
                assert not cards_in(view) & hidden
                assert not any(repr(c) in repr(view) for c in hidden)
                assert set(view.hand) == set(match.hand.hand_of(seat))
                checked += 1
            match, _ = match.apply(rng.choice(match.legal_actions()))
    assert checked > 500


def test_observation_contents():
    match = KlaberjassMatch.new()
    assert match.observation(0).phase is Phase.DEAL and match.observation(0).hand == ()
    match, _ = match.apply(Deal(3))
    elder = match.to_move
    view = match.observation(elder)
    assert isinstance(view, KlaberjassView) and view.my_turn and view.elder == elder
    assert len(view.hand) == 6 and view.turn_up == CARDS[match.hand.turn_up]
    assert view.legal == tuple(match.legal_actions())
    other = match.observation(1 - elder)
    assert other.legal == () and not other.my_turn and len(other.hand) == 6
    match, _ = match.apply(Bid(elder, BidKind.TAKE))
    view = match.observation(1 - elder)
    assert view.bids == ((elder, BidKind.TAKE, match.hand.proposed),)
    assert view.trump == match.hand.proposed and view.maker == elder and len(view.hand) == 9


def test_observation_shows_the_swap():
    for seed in range(200):
        match, _ = KlaberjassMatch.new().apply(Deal(seed))
        match, _ = match.apply(Bid(match.to_move, BidKind.TAKE))
        seven = [a for a in match.legal_actions() if isinstance(a, Swap)]
        if seven:
            break
    else:
        raise AssertionError("no deal with a swap")
    turn_up = CARDS[match.hand.turn_up]
    match, _ = match.apply(seven[0])
    view = match.observation(1 - seven[0].seat)
    assert view.swapped_by == seven[0].seat and view.turn_up == turn_up
    assert view.table_card.rank.code == "7" and view.table_card.suit == turn_up.suit
    assert match.legal_actions()[0] == Play(match.to_move, match.hand.legal_cards()[0])
