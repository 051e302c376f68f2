"""Tables, events and observations as plain text, for the console table.

>>> from tables.model import Seat
>>> names = seat_names((Seat(0, user="me"), Seat(1, bot="easy"), Seat(2, bot="easy"),
...                     Seat(3, user="zoe")), "me")
>>> names
('You', 'Bot 2', 'Bot 3 (partner)', 'zoe')
>>> from engine.events import CardPlayed
>>> from engine.cards import Card
>>> event_line(CardPlayed(1, Card.from_code("H10")), names)
'Bot 2 plays ♥10'
>>> event_line(CardPlayed(1, Card.from_code("H10")), names, Deck.SWISS)
'Bot 2 plays Rosen-Banner'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import events as ev
from engine.actions import Action, BidKind, Choose, Play
from engine.phase import Phase
from tables import events as te
from tables.decks import Deck, card_label, cards_label, contract_name, declaration_text
from tables.model import Seat, Table


def seat_names(seats: Sequence[Seat], me: str) -> tuple[str, ...]:
    """How each seat is called from ``me``'s chair."""
    mine = next((s.number for s in seats if s.user == me), None)
    names = []
    for s in seats:
        if s.user == me:
            names.append("You")
            continue
        name = s.user if s.user is not None else f"Bot {s.number + 1}"  # seats count from 1
        if len(seats) == 4 and mine is not None and s.number == (mine + 2) % 4:
            name += " (partner)"
        names.append(name)
    return tuple(names)


def side_name(table: Table, side: int, me: str) -> str:
    mine = table.seat_of(me)
    if mine is not None and table.side_of(mine) == side:
        return "You" if len(table.seats) == 2 else "Your team"
    if len(table.seats) == 2:
        return seat_names(table.seats, me)[side]
    return "Their team"


def cards(cs: Sequence[Any], deck: Deck = Deck.FRENCH) -> str:
    return cards_label(deck, cs)


def event_line(event: Any, names: Sequence[str], deck: Deck = Deck.FRENCH) -> str | None:
    """One engine event as a line, cards named in ``deck``; None for events not worth one."""
    n = names
    match event:
        case ev.HandDealt(number, dealer, first):
            return f"\n— Hand {number}: {_does(n[dealer], 'deal')}, {n[first]} to begin —"
        case ev.ContractPushed(seat, to):
            return f"{_does(n[seat], 'push', 'es')} to {n[to]}."
        case ev.ContractChosen(seat, contract, _):
            return f"{_does(n[seat], 'choose')} {contract_name(deck, contract)}."
        case ev.BidMade(seat, kind, suit):
            said = (
                f"name {suit.symbol} {suit.word}"
                if kind is BidKind.NAME and suit is not None
                else kind.value
            )
            return f"{n[seat]}: {said}."
        case ev.TrumpFixed(maker, trump):
            return f"Trump is {trump.symbol} {trump.word}, made by {n[maker]}."
        case ev.HandAnnulled():
            return "Both passed twice: the hand is annulled and dealt again."
        case ev.TrumpSwapped(seat, given, taken):
            return f"{_does(n[seat], 'swap')} {given} for {taken}."
        case ev.CardPlayed(seat, card):
            return f"{_does(n[seat], 'play')} {card_label(deck, card)}"
        case ev.WeisAnnounced(seat, points):
            return f"{_does(n[seat], 'announce')} {points}."
        case ev.DeclarationsScored(scored, _, side, points) if side is not None:
            shown = "; ".join(f"{n[d.seat]}: {declaration_text(deck, d)}" for d in scored)
            return f"Declarations scored ({points}): {shown}"
        case ev.StoeckDeclared(declaration, points):
            return f"{n[declaration.seat]}: {declaration.name}! (+{points})"
        case ev.TrickWon(number, _, _, winner, points):
            return f"  Trick {number} to {n[winner]} (+{points})."
        case ev.HandScored(number, _, totals, scores, match_by, maker_failed):
            extra = " (the maker failed)" if maker_failed else ""
            if match_by is not None:
                extra = f" ({_side(names, match_by)} took every trick: Match!)"
            return (
                f"Hand {number} scores {_score(totals)}{extra}; the match stands {_score(scores)}."
            )
        case ev.MatchWon(winner, scores):
            return f"\n*** {_side(names, winner)} won the match, {_score(scores)}. ***"
    return None


def _does(name: str, verb: str, ending: str = "s") -> str:
    return f"{name} {verb}" if name == "You" else f"{name} {verb}{ending}"


def _side(names: Sequence[str], side: int) -> str:
    if len(names) == 4:
        return f"{names[side]} and {names[side + 2]}".replace(" (partner)", "")
    return names[side]


def _score(scores: Sequence[int]) -> str:
    return " : ".join(map(str, scores))


def table_event_line(event: Any, table: Table, me: str, deck: Deck | None = None) -> str | None:
    """A service event as a line, cards in ``deck`` (the table's if None); None if it
    needs none."""
    names = seat_names(table.seats, me)
    match event:
        case te.GameEvent(event=inner):
            return event_line(inner, names, deck or table.options.deck)
        case te.SeatTakenByBot(seat=seat, user=user, for_good=for_good):
            how = "for good" if for_good else "until they play again"
            return f"A bot plays for {user} (seat {seat + 1}) {how}."
        case te.SeatReclaimed(user=user):
            return f"{user} is back."
        case te.ClockWarning(user=user, deadline=deadline):
            return f"{user}: your clock runs out at {deadline:.0f}."
        case te.TableCancelled(by=by):
            return f"The table was cancelled by {by}."
        case te.TableDamaged(table_id=table_id, reason=reason):
            return f"Table #{table_id} was set aside: {reason}"
    return None


def describe(table: Table, view: Any, me: str, deck: Deck | None = None) -> str:
    """The table from ``me``'s seat: contract, trick on the table, scores, own hand, cards
    named in ``deck`` (the table's if None)."""
    names, deck = seat_names(table.seats, me), deck or table.options.deck
    contract = _contract(view, names, deck)
    lines = [f"Hand {view.hand_number} · {contract} · {_scores(table, view, me)}"]
    if getattr(view, "table_card", None) is not None and view.phase is Phase.BIDDING:
        lines.append(f"Turned up: {view.table_card}")
    if view.trick:
        played = ", ".join(f"{names[s]} {card_label(deck, c)}" for s, c in view.trick)
        lines.append(f"On the table: {played}")
    lines.append(f"Your hand: {cards(view.hand, deck)}")
    return "\n".join(lines)


def _contract(view: Any, names: Sequence[str], deck: Deck) -> str:
    contract = getattr(view, "contract", None)
    if contract is not None:
        return f"{contract_name(deck, contract)} by {names[view.maker]}"
    trump = getattr(view, "trump", None)
    if trump is not None:
        return f"trump {trump.symbol} {trump.word} by {names[view.maker]}"
    return "no trump yet"


def _scores(table: Table, view: Any, me: str) -> str:
    sides = [f"{side_name(table, i, me)} {s}" for i, s in enumerate(view.scores)]
    return f"{', '.join(sides)} (to {view.target})"


# What the console answers to a line that is no choice, and to a bad option.
NOTHING_TYPED = "Nothing typed."
MORE_THAN_ONE = "{line!r} is more than one choice; type one."
NO_SUCH_CHOICE = "There is no choice {n}; the choices go from 1 to {last}."
NAME_A_SUIT = "Name a suit: name spades, name hearts, name diamonds or name clubs."
NOT_UNDERSTOOD = "Not understood: {line!r}."
UNCLEAR = "{why} Your choices: {choices} (or type help)."
TARGET_RANGE = "--target {target} is out of range: {game} plays to {low}-{high}"
PRESET_SCHIEBER_ONLY = "--preset is for Schieber; Klaberjass takes only --target"
PAUSE_RANGE = "--pause {pause:g} is out of range: 0-60 seconds"
DECK_SCHIEBER_ONLY = "--deck swiss is for Schieber; Klaberjass is played with French cards"


def choices(legal: Sequence[Action], deck: Deck = Deck.FRENCH) -> str:
    """The legal actions, numbered from 1 as the console accepts them."""
    return "  ".join(f"{i}) {_choice(a, deck)}" for i, a in enumerate(legal, 1))


def _choice(action: Action, deck: Deck) -> str:
    if isinstance(action, Play):
        return card_label(deck, action.card)
    if isinstance(action, Choose):
        return contract_name(deck, action.contract)
    return str(action)


# --- starting up and the database file ------------------------------------------------
# Each is one line that says what is wrong and what to do; bot.py, the console and the
# store raise or print them.  Exit statuses (documented in README, Troubleshooting):

EXIT_OK = 0  # stopped normally
EXIT_FAILED = 1  # something unexpected: a bug to report
EXIT_BAD_INPUT = 2  # a bad setting, command line or database file
EXIT_NOT_WRITABLE = 3  # the database cannot be written: read-only, or the disk is full
EXIT_TOKEN_REFUSED = 4  # Discord refused DISCORD_TOKEN
EXIT_UNREACHABLE = 5  # Discord cannot be reached

BAD_SETTING = "Bad setting: {error}. Fix it in .env or the environment, then start again."
DB_FOLDER_MISSING = (
    "The database {path} cannot be made: the folder {folder} does not exist. Create it, "
    "or set TRUMPF_DB to a file in an existing folder."
)
DB_IS_FOLDER = (
    "The database {path} is a folder. Set TRUMPF_DB to a file, such as {path}/trumpf.sqlite3."
)
DB_NOT_SQLITE = (
    "{path} is not an SQLite database, so Trumpf leaves it alone. Set TRUMPF_DB to another "
    "file (a new name makes a new database)."
)
DB_FOREIGN = (
    "{path} is the database of another program ({why}), so Trumpf leaves it alone. Set "
    "TRUMPF_DB to another file (a new name makes a new database)."
)
DB_UNREADABLE = "The database {path} cannot be opened ({detail}). Check TRUMPF_DB and the file."
DB_READ_ONLY = (
    "The database {path} is read-only ({detail}): no move could be saved. Let Trumpf write "
    "the file and its folder, or set TRUMPF_DB to a writable place, then start again."
)
DB_FULL = (
    "The disk of the database {path} is full: Trumpf cannot write to it. Nothing stored is "
    "lost; free some space, then start again."
)
DB_LOCKED = (
    "The database {path} is locked by another program (is Trumpf running twice?). Stop "
    "the other one, or set TRUMPF_DB to another file."
)
STORE_FULL = (
    "The database is full, so that was not saved and nothing changed: the table holds "
    "until there is room again. Try again once some disk space is free."
)
STORE_READ_ONLY = (
    "The database has become read-only, so nothing more can be saved; everything played "
    "so far is kept. Let Trumpf write the file again, then carry on."
)
TOKEN_REFUSED = (
    "Discord refused the token in DISCORD_TOKEN. Copy it again from the developer portal "
    "(your application -> Bot -> Reset Token) into .env, then start again."
)
DISCORD_UNREACHABLE = (
    "Discord cannot be reached ({error}). Check the network connection (and any proxy or "
    "firewall), then start again."
)
