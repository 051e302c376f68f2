"""The medium bot's rules of thumb in situations with one sensible answer."""

import random

from engine.actions import Bid, BidKind, Choose, Contract, Play, Push
from engine.bots import EasyBot, MediumBot
from engine.cards import CARDS, Card
from engine.klaberjass.hand import DECK, KlaberjassHand
from engine.klaberjass.match import KlaberjassMatch
from engine.klaberjass.rules import KlaberjassRules
from engine.schieber.hand import SchieberHand, hands_from_codes
from engine.schieber.match import SchieberMatch
from engine.schieber.rules import SchieberRules


def fill(given: list[str], sizes: list[int], deck: list[Card]) -> list[list[Card]]:
    """Hands holding the cards ``given`` (codes) topped up from ``deck`` in its order."""
    hands = [[Card.from_code(c) for c in g.split()] for g in given]
    used = {c for h in hands for c in h}
    rest = iter(c for c in deck if c not in used)
    return [h + [next(rest) for _ in range(n - len(h))] for h, n in zip(hands, sizes, strict=True)]


def schieber(given: list[str], dealer: int = 3, contract: Contract | None = None, plays=()):
    """A Schieber match in its first hand: each seat holds its ``given`` cards and some
    more, the forehand names ``contract``, then ``plays`` go down in turn order."""
    rules = SchieberRules()
    hands = fill(given, [9] * 4, list(CARDS))
    dealt = hands_from_codes([[c.code for c in h] for h in hands])
    match = SchieberMatch(rules, hand=SchieberHand.start(rules, dealer, dealt), hand_number=1)
    if contract is not None:
        match, _ = match.apply(Choose(match.to_move, contract))
    for code in plays:
        match, _ = match.apply(Play(match.to_move, Card.from_code(code)))
    return match


def decide(match, bot=None):
    seat = match.to_move
    bot = bot or MediumBot()
    return bot.choose(match.observation(seat), match.legal_actions(), random.Random(0))


def test_schieber_medium_names_trump_with_puur_nell_and_length():
    match = schieber(["HJ H9 HA HK H7 SA D6 C6 C7", "", "", ""])
    assert decide(match) == Choose(0, Contract.HEARTS)


def test_schieber_medium_names_obenabe_with_aces_and_undenufe_with_low_cards():
    assert decide(schieber(["SA SK SQ HA HK DA DK CA C6", "", "", ""])) == Choose(
        0, Contract.OBENABE
    )
    assert decide(schieber(["S6 S7 S8 H6 H7 D6 D7 C6 CA", "", "", ""])) == Choose(
        0, Contract.UNDENUFE
    )


def test_schieber_medium_pushes_a_weak_hand_and_the_partner_must_name():
    match = schieber(["S7 S8 H6 H9 D8 DQ C7 C9 CQ", "", "", ""])
    assert decide(match) == Push(0)
    match, _ = match.apply(Push(0))
    assert isinstance(decide(match), Choose)


def test_schieber_medium_smears_a_ten_on_the_partners_sure_trick():
    # Hearts trump.  Seat 0 leads a diamond, seat 1 (our partner) takes it with the Ace,
    # seat 2 follows; we (seat 3) play last, so the trick is ours: on goes the Ten.
    given = ["D7", "DA", "D8", "D10 D6 H8 S6 S7 C6 C7 C8 C9"]
    match = schieber(given, contract=Contract.HEARTS, plays=["D7", "DA", "D8"])
    assert decide(match) == Play(3, Card.from_code("D10"))
    # Void in the suit led, we smear the Ten of another suit, not our Aces.
    given = ["D7", "DA", "D8", "SA CA H8 C10 SK HK S9 H10 HQ"]
    match = schieber(given, contract=Contract.HEARTS, plays=["D7", "DA", "D8"])
    assert decide(match) == Play(3, Card.from_code("C10"))


def test_schieber_easy_never_throws_points_away_it_cannot_win():
    given = ["D7", "DA", "D8", "D10 D6 D9 DK S6 S7 C6 C7 C8"]
    match = schieber(given, contract=Contract.SPADES, plays=["D7", "DA", "D8"])
    for seed in range(20):
        action = EasyBot().choose(match.observation(3), match.legal_actions(), random.Random(seed))
        assert action.card.code in ("D6", "D9", "S6", "S7")  # nothing that counts


def klaberjass(six: list[str], turn_up: str, dealer: int = 0):
    """A Klaberjass hand: the six cards of each seat (seat 0 first), the turn-up, and
    the last three of each seat from the deck."""
    deck = [c for c in CARDS if c.index in DECK and c.code != turn_up]
    hands = fill([*six, "", ""], [6, 6, 3, 3], deck)
    codes = [[c.code for c in h] for h in hands]
    hand = KlaberjassHand.from_codes(dealer, codes[:2], turn_up, codes[2:])
    return KlaberjassMatch(KlaberjassRules(), hand=hand, hand_number=1)


def test_klaberjass_medium_takes_with_a_strong_trump_hand():
    match = klaberjass(["D7 C8 S9 SQ S10 SK", "HJ H9 HA SA DA C7"], "H7")
    assert decide(match) == Bid(1, BidKind.TAKE)


def test_klaberjass_medium_passes_a_weak_hand_knowing_the_maker_risk():
    match = klaberjass(["HJ H9 HA SA DA C7", "H8 SK SQ D9 C8 CJ"], "H7")
    assert decide(match) == Bid(1, BidKind.PASS)


def test_klaberjass_medium_names_its_strong_suit_in_the_second_round():
    match = klaberjass(["HJ H9 HA DA D10 C7", "SJ S9 SA S10 D9 C8"], "H7")
    for _ in range(2):
        match, _ = match.apply(Bid(match.to_move, BidKind.PASS))
    assert decide(match) == Bid(1, BidKind.NAME, Card.from_code("SJ").suit)
