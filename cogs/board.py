"""The live board of a hand, the channel's one-line summary, and the thread's name.

The board is one embed, edited in place, short enough for a phone: the contract, whose
turn (with a clock that counts down by itself), the trick by seat, the last trick with
who played what, this hand's points, the Weis shown so far and the match score.  It reads
only the public parts of the engine's observation, never a hand.  Rules and teams are
not repeated here: the lobby and ``/jass rules`` show them.
"""

from __future__ import annotations

from typing import Any

from cogs.card_faces import card_inline, cards_inline
from cogs.refs import OPEN_HAND, Ref
from cogs.render import (
    GAME_NAMES,
    ButtonSpec,
    Names,
    played_by,
    seat_name,
    side_name,
    trick_text,
)
from cogs.screens import (
    Screen,
    contract_text,
    embed_for,
    public_view,
    rules_of,
    turn_text,
)
from engine import events as ev
from engine.actions import BidKind
from engine.cards import Suit
from engine.phase import Phase
from tables.decks import declaration_name
from tables.model import Table, TableStatus

BAR = 5  # blocks of the match bar
THREAD_NAME_LIMIT = 100  # Discord's limit for a thread name


def my_hand_button(table: Table, hand_number: int) -> ButtonSpec:
    ref = Ref(table.id, OPEN_HAND, "-", table.seq, hand_number)
    return ButtonSpec(ref, "🂠 My hand", "primary")


def board_screen(table: Table, names: Names = None, slowed: float | None = None) -> Screen:
    """``slowed``: the bots' seconds a move while many tables want them, else None."""
    view = public_view(table)
    title = f"{GAME_NAMES[table.game]} · table #{table.id} · hand {view.hand_number}"
    lines = [contract_text(table, view, names), turn_text(table, view, names)]
    if slowed is not None:
        lines.append(f"🐢 Trumpf is busy: the bots think {slowed:.2g} s a move for now.")
    lines.append("")
    if table.game == "klaberjass" and view.bids and view.trump is None:
        lines.append("**Bids** " + bids_text(table, view, names))
    lines += trick_lines(table, view, names)
    if view.tricks:
        lines.append(last_trick_line(table, view.tricks[-1], names))
    lines.append(points_line(table, view, names))
    weis = weis_line(table, view, names)
    if weis:
        lines.append(weis)
    lines.append(match_line(table, view, names))
    embed = embed_for(table, title, "\n".join(lines))
    return Screen(embed=embed, buttons=(my_hand_button(table, view.hand_number),))


def bids_text(table: Table, view: Any, names: Names = None) -> str:
    return " · ".join(f"{seat_name(table, s, names)} {_bid_word(k, u)}" for s, k, u in view.bids)


def _bid_word(kind: BidKind, suit: Suit | None) -> str:
    if kind is BidKind.PASS:
        return "passes"
    said = "takes" if kind is BidKind.TAKE else "names"
    return f"{said} {suit.symbol}" if suit is not None else said


def trick_lines(table: Table, view: Any, names: Names = None) -> list[str]:
    """The trick in play, a line per seat in table order: the leader marked, the seat to
    play marked, an empty place as a dot."""
    if view.phase is not Phase.PLAY and not view.trick:
        return []
    played = dict(view.trick)
    deck = table.options.deck
    leader = view.trick[0][0] if view.trick else view.leader
    out = [f"**Trick {len(view.tricks) + 1}**"]
    for seat in range(len(table.seats)):
        card = card_inline(deck, played[seat]) if seat in played else "·"
        mark = " ◂ led" if seat == leader and seat in played else ""
        if seat == view.to_move and seat not in played:
            mark = " ◂ to play"
        out.append(f"`{seat + 1}` {seat_name(table, seat, names)} **{card}**{mark}")
    return out


def last_trick_line(table: Table, trick: Any, names: Names = None) -> str:
    plays = trick_text(table, played_by(table, trick), names, card_inline)
    winner = seat_name(table, trick.winner, names)
    return f"**Last trick ({trick.number})** {plays} → **{winner}** +{trick.points}"


def points_line(table: Table, view: Any, names: Names = None) -> str:
    """What this hand counts so far, and the card points it comes from: labelled apart
    so the two are never read as one (the match score already holds what is counted)."""
    sides = range(len(view.hand_points))
    if table.game == "schieber":
        counted = view.hand_credited
        times = rules_of(table).multiplier(view.contract) if view.contract else 1
        how = "with Weis and Stöck" + (f", ×{times}" if times != 1 else "")
    else:
        counted, how = view.hand_totals, "with sequences and Bela"
    both = " · ".join(f"{side_name(table, i, names)} **{counted[i]}**" for i in sides)
    raw = " : ".join(str(view.hand_points[i]) for i in sides)
    return f"**This hand** {both} (card points {raw}, {how})"


def weis_line(table: Table, view: Any, names: Names = None) -> str:
    """What has been shown (the scoring side's Weis after the first trick, Stöck, Bela)
    and the points announced by those whose Weis are not shown: never their cards."""
    name = lambda seat: seat_name(table, seat, names)  # noqa: E731
    deck = table.options.deck
    shown = [
        f"{name(d.seat)} {declaration_name(deck, d)} {cards_inline(deck, d.cards)}"
        for d in view.declarations
    ]
    showing = {d.seat for d in view.declarations if d.kind not in ("stoeck", "bela")}
    shown += [f"{name(s)} announced {p}" for s, p in view.announced if s not in showing]
    if not shown:
        return ""
    what = "Weis" if table.game == "schieber" else "Melds"
    return f"**{what}** " + " · ".join(shown)


def bar(score: int, target: int) -> str:
    """A match score against the target as blocks.

    >>> bar(1500, 3000)
    '▰▰▱▱▱'
    """
    filled = max(0, min(BAR, score * BAR // max(target, 1)))
    return "▰" * filled + "▱" * (BAR - filled)


def match_line(table: Table, view: Any, names: Names = None) -> str:
    parts = [
        f"{side_name(table, i, names)} **{s}** {bar(s, view.target)}"
        for i, s in enumerate(view.scores)
    ]
    return f"**Match to {view.target}** " + " · ".join(parts)


# --- the channel's summary and the thread ------------------------------------------------


def summary_screen(table: Table, thread_id: int | None, names: Names = None) -> Screen:
    """The lobby message once the table plays in a thread: one line, edited as play goes."""
    name = f"**{GAME_NAMES[table.game]} table #{table.id}**"
    where = f" → <#{thread_id}>" if thread_id else ""
    if table.match is None:
        return Screen(content=f"{name}{where}")
    a, b = (side_name(table, i, names) for i in range(2))
    score_a, score_b = table.match.scores
    scores = f"{a} **{score_a}** : **{score_b}** {b}"
    state = ""
    if table.status is TableStatus.PAUSED:
        state = f" · ⏸️ paused ({table.pause_reason}): `/jass resume` plays it on"
    elif table.status is TableStatus.PLAYING and table.to_move is not None:
        state = f" · {seat_name(table, table.to_move, names)} to move"
    return Screen(content=f"🃏 {name} · {scores}{state}{where}")


def moved_summary(table: Table, where: int) -> Screen:
    """The summary of a table that plays on elsewhere (resumed after its thread went)."""
    return Screen(
        content=f"🃏 **{GAME_NAMES[table.game]} table #{table.id}** plays on → <#{where}>"
    )


def thread_name(table: Table, names: Names = None) -> str:
    """The game, the table and who plays: by display name (a thread shows no mentions)."""
    players = ", ".join(seat_name(table, s.number, names or {}) for s in table.seats)
    return f"{GAME_NAMES[table.game]} #{table.id}: {players}"[:THREAD_NAME_LIMIT]


# --- the hand log --------------------------------------------------------------------------


def people(table: Table) -> list[str]:
    """Everyone whose name a table's messages may show."""
    return [table.host] + [u for s in table.seats for u in (s.user, s.left) if u]


def hand_log_header(table: Table, dealt: Any, names: Names = None) -> str:
    """The first line of a hand's log (the tricks and Weis follow, one line each)."""
    dealer = seat_name(table, dealt.dealer, names)
    return f"📜 **Hand {dealt.hand_number}** · {dealer} deals."


def match_end_line(table: Table, scores: Any, credit: Any, names: Names = None) -> str:
    """Why a Schieber match ended in the middle of a hand: which credit reached the target."""
    target = rules_of(table).target
    side = max(range(len(scores)), key=lambda i: scores[i])
    match credit:
        case ev.TrickWon(number=number):
            what = f"trick {number}"
        case ev.DeclarationsScored():
            what = "its Weis"
        case ev.StoeckDeclared():
            what = "Stöck"
        case _:
            what = "a credit"
    return (
        f"🏁 {side_name(table, side, names)} reached {target} with {what}: the match ends "
        "here and the rest of the hand is not played."
    )
