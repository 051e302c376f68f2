"""Tables and events as Discord text: names, cards, and one line per thing that happened.

Pure functions of the service's values; nothing here sends anything.  People are shown
as mentions (the client shows their names; messages are sent without pinging them),
bots by their seat.

>>> from dataclasses import replace
>>> from tables.model import Seat, Table, TableOptions
>>> t = Table.lobby(7, "schieber", "1", "2", "111", TableOptions())
>>> t = replace(t, seats=(Seat(0, user="111"), Seat(1, bot="easy"), Seat(2), Seat(3, bot="hard")))
>>> [seat_name(t, n) for n in range(4)]
['<@111>', '🤖 Bot 2', 'empty', '🤖 Bot 4']
>>> side_name(t, 1)
'Team B'
>>> from engine.events import CardPlayed, TrickWon
>>> from engine.cards import Card
>>> cards = tuple(Card.from_code(c) for c in ("H6", "H10", "HA", "C7"))
>>> event_line(t, TrickWon(3, 1, cards, 3, 21))
'Trick 3: 🤖 Bot 2 ♥6 · empty ♥10 · 🤖 Bot 4 ♥A · <@111> ♣7 → **🤖 Bot 4** (+21)'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cogs.refs import Ref
from engine import events as ev
from engine.actions import Contract
from engine.cards import Card, Suit
from tables import events as te
from tables.decks import Deck, card_label, cards_label, declaration_name
from tables.model import Table

if TYPE_CHECKING:
    import discord

TEAM_NAMES = ("Team A", "Team B")
GAME_NAMES = {"schieber": "Schieber", "klaberjass": "Klaberjass"}
MESSAGE_LIMIT = 1900  # Discord allows 2000 characters a message; leave room
Names = Mapping[str, str] | None  # user id -> display name (see cogs.names); None: mentions


def paused_text(table_id: int, reason: str | None) -> str:
    """What a player of a paused table is told, and how to carry on.

    >>> paused_text(12, "its channel was deleted")[:72]
    'Table #12 is paused: its channel was deleted. Use `/jass resume` in the '
    """
    return (
        f"Table #{table_id} is paused: {reason or 'it waits to be resumed'}. Use `/jass resume` "
        "in the channel where you want to play on (a player, the host or a server admin can)."
    )


@dataclass(frozen=True, slots=True)
class ButtonSpec:
    """A button to show: what it does, how it looks.  ``style`` is a ButtonStyle name."""

    ref: Ref
    label: str
    style: str = "secondary"
    disabled: bool = False
    row: int | None = None
    emoji: discord.PartialEmoji | str | None = None  # shown before the label (a card's picture)


# --- names ------------------------------------------------------------------------------


def mention(user: str) -> str:
    return f"<@{user}>"


def person(user: str, names: Names = None) -> str:
    """A person by display name where names are given (titles, fields), else a mention."""
    if names is None:
        return mention(user)
    return names.get(user, "a player")


def seat_name(table: Table, seat: int, names: Names = None) -> str:
    """A person by name or mention, a bot by its seat (1-based, as players count seats)."""
    s = table.seats[seat]
    if s.user is not None:
        who = person(s.user, names) if names is None or s.user in names else f"Player {seat + 1}"
        return who + (" (a bot stands in)" if s.away else "")
    if s.bot is not None:
        return f"🤖 Bot {seat + 1}"
    return "empty"


def seat_long(table: Table, seat: int, names: Names = None) -> str:
    """A seat for the seat lists: with the bot's level and whom a bot replaced."""
    s = table.seats[seat]
    if s.bot is not None:
        name = f"🤖 Bot {seat + 1} ({s.bot})"
        return name + (f", for {person(s.left, names)}" if s.left else "")
    return seat_name(table, seat, names)


def side_name(table: Table, side: int, names: Names = None) -> str:
    """Schieber: Team A (seats 1 and 3) or Team B; Klaberjass: the player."""
    if len(table.seats) == 4:
        return TEAM_NAMES[side]
    return seat_name(table, side, names)


def team_members(table: Table, side: int, names: Names = None) -> str:
    return " & ".join(seat_long(table, n, names) for n in table.teams[side])


def cards(cs: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cs)


def contract_label(contract: Contract) -> str:
    if contract.trump is not None:
        return f"{contract.trump.symbol} {contract.trump.word}"
    return contract.label


def suit_label(suit: Suit) -> str:
    return f"{suit.symbol} {suit.word}"


def scores_text(table: Table, scores: Sequence[int], names: Names = None) -> str:
    return " · ".join(f"{side_name(table, i, names)} **{s}**" for i, s in enumerate(scores))


def trick_text(
    table: Table,
    plays: Iterable[tuple[int, Card]],
    names: Names = None,
    show: Callable[[Deck, Card], str] = card_label,
) -> str:
    """Who played what, each card named in the table's deck; ``show`` draws a card (the
    board passes ``cogs.card_faces.card_inline``: the picture, then the name)."""
    deck = table.options.deck
    return " · ".join(f"{seat_name(table, s, names)} {show(deck, c)}" for s, c in plays)


def played_by(table: Table, trick: ev.TrickWon) -> list[tuple[int, Card]]:
    n = len(table.seats)
    return [((trick.leader + i) % n, c) for i, c in enumerate(trick.cards)]


def declaration_text(table: Table, d: ev.Declaration, names: Names = None) -> str:
    deck = table.options.deck  # in words: a hand's log must fit one message, pictures do not
    shown = f"{declaration_name(deck, d)} {cards_label(deck, d.cards)}"
    return f"{seat_name(table, d.seat, names)}: {shown} ({d.points})"


# --- one line per event -------------------------------------------------------------------


def event_line(
    table: Table, event: Any, maker: int | None = None, names: Names = None
) -> str | None:
    """An engine event worth a line in the hand log; None for those the board shows."""
    name = lambda seat: seat_name(table, seat, names)  # noqa: E731
    match event:
        case ev.TrickWon(number, _, _, winner, points):
            plays = trick_text(table, played_by(table, event), names)
            return f"Trick {number}: {plays} → **{name(winner)}** (+{points})"
        case ev.WeisAnnounced(seat, points):
            what = "Weis" if len(table.seats) == 4 else "a sequence"
            return f"📣 {name(seat)} announces {what} of {points}."
        case ev.DeclarationsScored(scored, lost, side, points):
            return _declarations_line(table, scored, lost, side, points, names)
        case ev.StoeckDeclared(declaration, points):
            return f"👑 {name(declaration.seat)}: **{declaration.name}!** (+{points})"
        case ev.TrumpSwapped(seat, given, taken):
            given, taken = (card_label(table.options.deck, c) for c in (given, taken))
            return f"🔄 {name(seat)} swaps {given} for the turn-up {taken}."
        case ev.HandAnnulled(number):
            return f"Hand {number}: both passed twice. The hand is annulled and dealt again."
        case ev.HandScored():
            return hand_result_line(table, event, maker, names)
    return None


def _declarations_line(
    table: Table,
    scored: Sequence[ev.Declaration],
    lost: Sequence[ev.Declaration],
    side: Any,
    points: int,
    names: Names = None,
) -> str | None:
    """The side whose Weis count shows them; the other side's are never shown (their
    cards are still in hand), only that they do not count."""
    if not scored and not lost:
        return None
    what = "Weis" if len(table.seats) == 4 else "Sequences"
    lines = []
    if side is not None and scored:
        shown = "; ".join(declaration_text(table, d, names) for d in scored)
        lines.append(f"📣 {what} for **{side_name(table, side, names)}** (+{points}): {shown}")
    if lost:
        losers = sorted({table.side_of(d.seat) for d in lost})
        who = " and ".join(side_name(table, s, names) for s in losers)
        lines.append(f"{who}: {what.lower() if what == 'Sequences' else what} do not count.")
    return "\n".join(lines)


def hand_result_line(
    table: Table, event: ev.HandScored, maker: int | None = None, names: Names = None
) -> str:
    tricks = ""
    if tuple(event.points) != tuple(event.totals):
        tricks = f" (card points {' : '.join(map(str, event.points))})"
    lines = [
        f"**Hand {event.hand_number}:** {scores_text(table, event.totals, names)}{tricks}. "
        f"Match: {scores_text(table, event.scores, names)}."
    ]
    if event.match_by is not None:
        lines.append(f"🎉 **Match!** {side_name(table, event.match_by, names)} took every trick.")
    if event.maker_failed:
        who = seat_name(table, maker, names) if maker is not None else "The maker"
        lines.append(f"❌ {who} made trump and failed: the opponent scores both totals.")
    return "\n".join(lines)


def table_event_line(
    table: Table, event: Any, maker: int | None = None, names: Names = None
) -> str | None:
    """A service event as a line in the hand log; None if the board shows it."""
    match event:
        case te.GameEvent(event=inner):
            return event_line(table, inner, maker, names)
        case te.SeatTakenByBot(seat=seat, user=user, level=level, for_good=True):
            who = person(user, names)
            return f"🚪 {who} left: a {level} bot plays seat {seat + 1} from now on."
        case te.SeatTakenByBot(seat=seat, user=user, level=level):
            return (
                f"⏰ {person(user, names)}'s clock ran out: a {level} bot plays seat {seat + 1} "
                "until they press a button again."
            )
        case te.SeatReclaimed(user=user):
            return f"👋 {person(user, names)} is back and plays their own cards again."
        case te.TableCancelled(by=by):
            return f"Table #{table.id} was cancelled by {person(by, names)}."
        case te.TablePaused(reason=reason):
            return f"⏸️ {paused_text(table.id, reason)}"
    return None


def chunks(lines: Iterable[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """Lines joined into as few messages as fit Discord's length limit.

    >>> chunks(["a" * 5, "b" * 5, "c" * 5], limit=12)
    ['aaaaa\\nbbbbb', 'ccccc']
    """
    out: list[str] = []
    current = ""
    for line in lines:
        line = line[:limit]
        if current and len(current) + 1 + len(line) > limit:
            out.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        out.append(current)
    return out
