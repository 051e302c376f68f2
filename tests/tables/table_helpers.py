"""Small helpers shared by the table tests."""

from __future__ import annotations

from typing import Any

from tables.model import Table
from tables.service import TableService

PEOPLE = ("ann", "ben", "cat", "dan")


async def full_table(
    service: TableService, game: str = "schieber", people: int = 4, **options: Any
) -> Table:
    """A started table: ``people`` persons (ann first, the host), bots in the other seats."""
    seats = 4 if game == "schieber" else 2
    table = await service.create_table(game, "guild", "chan", "ann", seat=0, **options)
    for n in range(1, seats):
        if n < people:
            table = await service.join(table.id, PEOPLE[n], seat=n)
        else:
            table = await service.add_bot(table.id, "ann", "easy", seat=n)
    return await service.start(table.id, "ann")


def mover(table: Table) -> str:
    """The user whose turn it is."""
    seat = table.to_move
    assert seat is not None
    user = table.seats[seat].user
    assert user is not None
    return user


async def play_first_legal(service: TableService, table: Table) -> Table:
    action = table.match.legal_actions()[0]
    return await service.act(table.id, mover(table), action, table.seq)
