"""Rebuilding a table from its rows: options, seats, and the log replayed.

A snapshot is only a cache: one from another engine, or one that cannot be read, is
ignored and the whole log replayed.  Anything else that does not fit is damage, and
:class:`DamagedTable` says what.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace

from tables import games
from tables.model import SEATS, Table, TableOptions, TableStatus
from tables.store import StoredTable

log = logging.getLogger(__name__)
LoadLog = Callable[[int], Awaitable[list[tuple[int, str]]]]


class DamagedTable(Exception):
    pass


async def rebuild(row: StoredTable, load_log: LoadLog) -> Table:
    """The table as it was last committed; DamagedTable if its rows do not fit."""
    try:
        return await _rebuild(row, load_log)
    except DamagedTable:
        raise
    except Exception as e:  # a damaged row can fail in any way: JSON, engine, types
        raise DamagedTable(f"{type(e).__name__}: {e}") from e


async def _rebuild(row: StoredTable, load_log: LoadLog) -> Table:
    if row.game not in games.MATCHES:
        raise DamagedTable(f"unknown game {row.game!r}")
    options = TableOptions.from_json(row.options)
    status = TableStatus(row.status)
    seats = tuple(row.seats)
    if [s.number for s in seats] != list(range(SEATS[row.game])):
        raise DamagedTable(f"seats {[s.number for s in seats]} do not fit {row.game}")
    table = Table(
        row.id, row.game, row.guild_id, row.channel_id, row.host, options, status, seats,
        deadline=row.deadline, created_at=row.created_at, updated_at=row.updated_at,
        pause_reason=row.reason if status is TableStatus.PAUSED else None,
    )  # fmt: skip
    if status is TableStatus.LOBBY:
        if row.actions:
            raise DamagedTable("a table in the lobby has actions in its log")
        return table
    match, start, actions = None, 0, row.actions
    if row.snapshot is not None:
        seq, engine, blob = row.snapshot
        if engine == games.engine_fingerprint():
            try:
                match, start = games.restore(blob, row.game), seq
            except ValueError as e:
                log.warning("table %s: snapshot ignored (%s); replaying its log", row.id, e)
        if match is None:
            actions = await load_log(row.id)
    if match is None:
        match = games.new_match(row.game, options.rules)
    seqs = [seq for seq, _ in actions]
    if seqs != list(range(start, start + len(actions))):
        raise DamagedTable(f"the log has gaps after action {start}")
    match = games.replay(match, [text for _, text in actions])
    return replace(table, match=match, seq=start + len(actions))
