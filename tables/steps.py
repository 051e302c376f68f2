"""One step of a table, computed before anything is saved.

Each function takes the table as committed and returns a :class:`Step`: the table as it
will be, the :class:`Write` that makes it so, and the events to announce once the write
is durable.  Nothing here awaits, so a refused action leaves no trace anywhere.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from engine.actions import Action, Deal
from engine.errors import IllegalAction, OutOfTurn
from engine.phase import Phase
from tables import games
from tables.errors import IllegalMove, NotYourTurn
from tables.events import (
    GameEvent,
    TableFinished,
    TableMoved,
    TablePaused,
    TableStarted,
    TurnStarted,
)
from tables.model import Seat, Table, TableStatus
from tables.store import MatchResult, Write


@dataclass(slots=True)
class Step:
    table: Table
    write: Write
    events: list[Any] = field(default_factory=list)


def deadline_for(table: Table, now: float) -> float | None:
    """When the seat to move runs out of time: only people have a clock."""
    return _deadline(table.status, table.match, table.seats, table.options, now)


def _deadline(
    status: TableStatus, match: Any, seats: tuple[Seat, ...], options: Any, now: float
) -> float | None:
    if status is not TableStatus.PLAYING or match is None:
        return None
    seat = match.to_move
    if seat is None or seats[seat].played_by_bot:
        return None
    clock = options.clock_for(match.phase)
    return None if not clock else now + clock


def turn_event(table: Table) -> TurnStarted | None:
    match = table.match
    if table.status is not TableStatus.PLAYING or match is None or match.to_move is None:
        return None
    seat = match.to_move
    return TurnStarted(table.id, table.seq, seat, table.seats[seat], match.phase, table.deadline)


def apply_action(match: Any, action: Action) -> tuple[Any, list[Any]]:
    """The engine's verdict, in the service's errors."""
    try:
        return match.apply(action)
    except OutOfTurn as e:
        raise NotYourTurn(str(e)) from None
    except IllegalAction as e:
        raise IllegalMove(str(e)) from None


def play(
    table: Table,
    action: Action | None,
    actor: str | None,
    now: float,
    seed: Callable[[], int],
    started: bool = False,
) -> Step:
    """Apply ``action`` (None: only deal), then deal the next hand if one is due.

    A deal goes into the log with the action that ended the previous hand, so a table
    in play is never left waiting for cards.
    """
    match = table.match
    if match is None:
        match = games.new_match(table.game, table.options.rules)
    seq, snapshot = table.seq, None
    rows: list[tuple[int, str, str | None]] = []
    events: list[Any] = []
    if action is not None:
        match, engine_events = apply_action(match, action)
        rows.append((seq, games.action_to_json(action), actor))
        seq += 1
        events += [GameEvent(table.id, seq, e) for e in engine_events]
    while match.phase is Phase.DEAL:
        deal = Deal(seed())
        match, engine_events = match.apply(deal)
        rows.append((seq, games.action_to_json(deal), None))
        seq += 1
        events += [GameEvent(table.id, seq, e) for e in engine_events]
        snapshot = (seq, games.engine_fingerprint(), games.snapshot(match))
    finished = match.winner is not None
    status = TableStatus.FINISHED if finished else TableStatus.PLAYING
    deadline = _deadline(status, match, table.seats, table.options, now)
    new = table.advanced(match, seq, status, deadline, now)
    write = Write(
        table.id, status.value, deadline, now, rows,
        seats=new.seats if finished else None,
        snapshot=snapshot,
        started_at=now if started else None,
        result=_result(new, now) if finished else None,
    )  # fmt: skip
    if started:
        events.insert(0, TableStarted(new))
    if finished:
        events.append(TableFinished(new))
    else:
        seat = match.to_move
        events.append(TurnStarted(new.id, seq, seat, new.seats[seat], match.phase, deadline))
    return Step(new, write, events)


def _result(table: Table, now: float) -> MatchResult:
    match = table.match
    return MatchResult(
        sheet=[list(h) for h in match.sheet],
        scores=list(match.scores),
        winner=match.winner,
        sides=[match.side_of(s.number) for s in table.seats],
        finished_at=now,
    )


def reseat(
    table: Table,
    seats: tuple[Seat, ...],
    now: float,
    announce: Callable[[Table], list[Any]],
    host: str | None = None,
) -> Step:
    """New seats: lobby changes, a person away or back, a bot taking a seat for good.

    The clock restarts when a person gets the turn back.
    """
    new = replace(table, seats=seats, host=host or table.host, updated_at=now)
    mover = table.to_move
    if mover is None or table.seats[mover].played_by_bot != seats[mover].played_by_bot:
        new = replace(new, deadline=deadline_for(new, now))
    write = Write(table.id, new.status.value, new.deadline, now, seats=seats, host=host)
    return Step(new, write, announce(new))


def pause(table: Table, reason: str, now: float) -> Step:
    """Stop the table where it is: no deadline, so no clock and no bot runs."""
    new = replace(
        table, status=TableStatus.PAUSED, deadline=None, pause_reason=reason, updated_at=now
    )
    write = Write(table.id, new.status.value, None, now, reason=reason)
    return Step(new, write, [TablePaused(new, reason)])


def resume(table: Table, channel_id: str, now: float) -> Step:
    """Play on in ``channel_id``, with a fresh clock for whoever is to move."""
    new = replace(
        table, status=TableStatus.PLAYING, channel_id=channel_id, pause_reason=None, updated_at=now
    )
    new = replace(new, deadline=deadline_for(new, now))
    write = Write(table.id, new.status.value, new.deadline, now, channel_id=channel_id)
    turn = turn_event(new)
    return Step(new, write, [TableMoved(new, table.channel_id)] + ([turn] if turn else []))


def close(table: Table, status: TableStatus, now: float, events: list[Any]) -> Step:
    new = replace(table, status=status, deadline=None, updated_at=now, pause_reason=None)
    return Step(new, Write(table.id, status.value, None, now), events)
