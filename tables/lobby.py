"""Who sits where: pure functions from a table to its new seats.

They check only the seating rules; who may ask (host, status) is the service's business.
Seats are counted from 0 here and from 1 in every message a player reads.

>>> from tables.model import Table, TableOptions
>>> t = Table.lobby(1, "schieber", "g", "c", "ann", TableOptions())
>>> t = replace(t, seats=sit(t, "ann", team=1))
>>> [str(s) for s in t.seats]
['empty', 'ann', 'empty', 'empty']
>>> [str(s) for s in add_bot(t, "easy", team=1)]
['empty', 'ann', 'empty', 'bot (easy)']
"""

from __future__ import annotations

from dataclasses import replace

from tables.errors import AlreadySeated, NotSeated, SeatTaken, TableError, TableFull
from tables.model import Seat, Table

Seats = tuple[Seat, ...]


def _number(seat: int | None) -> int:
    return -1 if seat is None else seat + 1


def _free_seat(table: Table, seat: int | None, team: int | None) -> int:
    """The seat asked for, else the first free one of the team, else the first free one."""
    seats = table.seats
    if seat is not None:
        if not 0 <= seat < len(seats):
            raise TableError(f"There is no seat {seat + 1}; seats are 1 to {len(seats)}.")
        if not seats[seat].is_empty:
            raise SeatTaken(seat, seats[seat].user, seats[seat].bot)
        return seat
    candidates: tuple[int, ...] = tuple(range(len(seats)))
    if team is not None:
        if not 0 <= team < len(table.teams):
            raise TableError(f"There is no team {team + 1}; teams are 1 to {len(table.teams)}.")
        candidates = table.teams[team]
    free = [n for n in candidates if seats[n].is_empty]
    if not free:
        raise TableFull("That team is full." if team is not None else "The table is full.")
    return free[0]


def _put(seats: Seats, seat: Seat) -> Seats:
    return tuple(seat if s.number == seat.number else s for s in seats)


def sit(table: Table, user: str, seat: int | None = None, team: int | None = None) -> Seats:
    if table.seat_of(user) is not None:
        raise AlreadySeated(f"You already sit in seat {_number(table.seat_of(user))}.")
    n = _free_seat(table, seat, team)
    return _put(table.seats, Seat(n, user=user))


def stand(table: Table, user: str) -> Seats:
    n = _seat_of(table, user)
    return _put(table.seats, Seat(n))


def add_bot(table: Table, level: str, seat: int | None = None, team: int | None = None) -> Seats:
    n = _free_seat(table, seat, team)
    return _put(table.seats, Seat(n, bot=level))


def remove_bot(table: Table, seat: int) -> Seats:
    if not 0 <= seat < len(table.seats) or not table.seats[seat].is_bot:
        raise TableError(f"No bot sits in seat {seat + 1}.")
    return _put(table.seats, Seat(seat))


def move(table: Table, user: str, seat: int, may_swap_people: bool) -> Seats:
    """Move a person to another seat; whoever sat there (a bot, or a person if the
    host allows it) takes the person's old seat."""
    old = _seat_of(table, user)
    if not 0 <= seat < len(table.seats):
        raise TableError(f"There is no seat {seat + 1}; seats are 1 to {len(table.seats)}.")
    other = table.seats[seat]
    if seat == old:
        return table.seats
    if other.user is not None and not may_swap_people:
        raise SeatTaken(seat, other.user, other.bot, only_host_swaps=True)
    moved = replace(table.seats[old], number=seat)
    return _put(_put(table.seats, moved), replace(other, number=old))


def hand_to_bot(table: Table, user: str, level: str) -> Seats:
    """A person leaves a match in play: a bot takes the seat for good."""
    n = _seat_of(table, user)
    return _put(table.seats, Seat(n, bot=level, left=user))


def set_away(table: Table, seat: int, away: bool) -> Seats:
    return _put(table.seats, replace(table.seats[seat], away=away))


def _seat_of(table: Table, user: str) -> int:
    n = table.seat_of(user)
    if n is None:
        raise NotSeated("You do not sit at this table.")
    return n
