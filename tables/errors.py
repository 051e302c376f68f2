"""Errors the table service raises; every message is a sentence a player can read.

Callers (the Discord cogs, the console) catch :class:`TableError` and show ``str(e)``.
"""

from __future__ import annotations


class TableError(Exception):
    """Something a player or host asked for that the table cannot do."""


class UnknownTable(TableError):
    def __init__(self, table_id: int) -> None:
        super().__init__(f"There is no table #{table_id}.")
        self.table_id = table_id


class TableClosed(TableError):
    """The table is finished, cancelled or set aside as damaged."""

    def __init__(self, table_id: int, status: str) -> None:
        super().__init__(f"Table #{table_id} is {status}.")
        self.table_id = table_id
        self.status = status


class TablePaused(TableError):
    """The table waits to be resumed (its channel was deleted): nothing can be played."""

    def __init__(self, table_id: int, reason: str | None) -> None:
        super().__init__(
            f"Table #{table_id} is paused: {reason or 'it waits to be resumed'}. A player, "
            "its host or a server admin can resume it in another channel to carry on."
        )
        self.table_id = table_id
        self.reason = reason


class NotPaused(TableError):
    pass


class NotStarted(TableError):
    pass


class AlreadyStarted(TableError):
    pass


class NotSeated(TableError):
    pass


class AlreadySeated(TableError):
    pass


def seat_taken_text(seat: int, holder: str, only_host_swaps: bool = False) -> str:
    """What a player reads when a seat is taken; ``seat`` counts from 0.

    >>> seat_taken_text(3, "Anna")
    'Seat 4 is taken by Anna.'
    """
    swap = "; only the host can swap people" if only_host_swaps else ""
    return f"Seat {seat + 1} is taken by {holder}{swap}."


class SeatTaken(TableError):
    """``seat`` (counted from 0) is held by the person ``user``, or by a bot of level
    ``bot``; the message counts seats from 1, as players do, and names no one by id."""

    def __init__(
        self, seat: int, user: str | None, bot: str | None, only_host_swaps: bool = False
    ) -> None:
        holder = f"a {bot} bot" if bot else "another player"
        super().__init__(seat_taken_text(seat, holder, only_host_swaps))
        self.seat, self.user, self.bot, self.only_host_swaps = seat, user, bot, only_host_swaps


class TableFull(TableError):
    pass


class TableNotFull(TableError):
    pass


class NotHost(TableError):
    pass


class BadOptions(TableError):
    """Unknown game, rule option, preset or bot level."""


class StaleAction(TableError):
    """The action was made against an older state: a doubled or late click."""

    def __init__(self, expected_seq: int, seq: int) -> None:
        super().__init__(
            "The table has moved on since you chose that; look again and choose anew."
            if expected_seq < seq
            else "That action was made against a state the table has not reached."
        )
        self.expected_seq = expected_seq
        self.seq = seq


class NotYourTurn(TableError):
    pass


class IllegalMove(TableError):
    """The rules forbid the action; the message is the engine's reason."""


class StoreUnavailable(TableError):
    """The database refused the write (locked or failing); nothing was changed."""

    def __init__(self, detail: str) -> None:
        super().__init__("The table could not save that just now; nothing changed, try again.")
        self.detail = detail
