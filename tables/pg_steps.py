"""The PostgreSQL store's statements: a batch of steps as one statement, a finished
match, and reading tables back (see :mod:`tables.pg_store` for the store itself)."""

from __future__ import annotations

import json
from typing import Any

import asyncpg

from tables.model import Seat
from tables.store import OPEN, StoredTable, Write

TABLE_COLUMNS = (
    "id, game, guild_id, channel_id, host, options, status, deadline,"
    " created_at, updated_at, started_at, reason"
)
SEAT_SQL = (
    "INSERT INTO seats (table_id, seat, user_id, bot, away, left_user)"
    " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (table_id, seat) DO UPDATE SET"
    " user_id = excluded.user_id, bot = excluded.bot, away = excluded.away,"
    " left_user = excluded.left_user"
)


async def load_open(db: asyncpg.Connection) -> list[StoredTable]:
    open_ = list(OPEN)
    rows = await db.fetch(
        f"SELECT {TABLE_COLUMNS} FROM tables WHERE status = ANY($1::text[]) ORDER BY id", open_
    )
    tables = {r[0]: StoredTable(*r) for r in rows}
    for r in await db.fetch(
        "SELECT s.table_id, s.seat, s.user_id, s.bot, s.away, s.left_user FROM seats s"
        " JOIN tables t ON t.id = s.table_id WHERE t.status = ANY($1::text[])"
        " ORDER BY s.table_id, s.seat",
        open_,
    ):
        tables[r[0]].seats.append(Seat(r[1], r[2], r[3], bool(r[4]), r[5]))
    for r in await db.fetch(
        "SELECT s.table_id, s.seq, s.engine, s.state FROM snapshots s"
        " JOIN tables t ON t.id = s.table_id WHERE t.status = ANY($1::text[])",
        open_,
    ):
        tables[r[0]].snapshot = (r[1], r[2], r[3])
    for r in await db.fetch(
        "SELECT a.table_id, a.seq, a.action FROM actions a"
        " JOIN tables t ON t.id = a.table_id LEFT JOIN snapshots s ON s.table_id = a.table_id"
        " WHERE t.status = ANY($1::text[]) AND a.seq >= COALESCE(s.seq, 0)"
        " ORDER BY a.table_id, a.seq",
        open_,
    ):
        tables[r[0]].actions.append((r[1], r[2]))
    return list(tables.values())


async def actions(db: asyncpg.Connection, table_id: int, from_seq: int) -> list[tuple[int, str]]:
    rows = await db.fetch(
        "SELECT seq, action FROM actions WHERE table_id = $1 AND seq >= $2 ORDER BY seq",
        table_id, from_seq,
    )  # fmt: skip
    return [(r[0], r[1]) for r in rows]


async def insert_result(db: asyncpg.Connection, w: Write) -> None:
    r = w.result
    assert r is not None and w.seats is not None
    await db.execute(
        "INSERT INTO matches (table_id, game, guild_id, channel_id, options, sheet, scores,"
        " winner, started_at, finished_at) SELECT id, game, guild_id, channel_id, options,"
        " $1, $2, $3, started_at, $4 FROM tables WHERE id = $5",
        json.dumps(r.sheet), json.dumps(r.scores), r.winner, r.finished_at, w.table_id,
    )  # fmt: skip
    await db.executemany(
        "INSERT INTO match_players (table_id, seat, side, user_id, bot, left_user)"
        " VALUES ($1, $2, $3, $4, $5, $6)",
        [(w.table_id, s.number, r.sides[s.number], s.user, s.bot, s.left) for s in w.seats],
    )


# Every table row, action, seat and snapshot of a batch in one statement (arrays in,
# unnest out), so two hundred busy tables cost one round trip per commit.
STEPS_SQL = """
WITH steps AS (
    UPDATE tables t SET status = w.status, deadline = w.deadline, updated_at = w.updated_at,
        reason = w.reason, started_at = COALESCE(w.started_at, t.started_at),
        host = COALESCE(w.host, t.host), channel_id = COALESCE(w.channel_id, t.channel_id)
    FROM unnest($1::bigint[], $2::text[], $3::float8[], $4::float8[], $5::text[],
                $6::float8[], $7::text[], $8::text[])
        AS w (id, status, deadline, updated_at, reason, started_at, host, channel_id)
    WHERE t.id = w.id
), logged AS (
    INSERT INTO actions (table_id, seq, action, actor, at)
    SELECT * FROM unnest($9::bigint[], $10::int[], $11::text[], $12::text[], $13::float8[])
), seated AS (
    INSERT INTO seats (table_id, seat, user_id, bot, away, left_user)
    SELECT * FROM unnest($14::bigint[], $15::int[], $16::text[], $17::text[], $18::int[],
                         $19::text[])
    ON CONFLICT (table_id, seat) DO UPDATE SET user_id = excluded.user_id,
        bot = excluded.bot, away = excluded.away, left_user = excluded.left_user
)
INSERT INTO snapshots (table_id, seq, engine, state)
SELECT * FROM unnest($20::bigint[], $21::int[], $22::text[], $23::bytea[])
ON CONFLICT (table_id) DO UPDATE SET seq = excluded.seq, engine = excluded.engine,
    state = excluded.state
"""


def step_arrays(writes: list[Write]) -> list[list[Any]]:
    """The 23 arrays of :data:`STEPS_SQL`, column by column."""
    steps = [
        (w.table_id, w.status, w.deadline, w.updated_at, w.reason, w.started_at, w.host,
         w.channel_id)
        for w in writes
    ]  # fmt: skip
    actions = [(w.table_id, s, a, who, w.updated_at) for w in writes for s, a, who in w.actions]
    seats = [seat_row(w.table_id, s) for w in writes if w.seats for s in w.seats]
    snapshots = [(w.table_id, *w.snapshot) for w in writes if w.snapshot]
    return [
        list(column)
        for rows, width in ((steps, 8), (actions, 5), (seats, 6), (snapshots, 4))
        for column in (zip(*rows, strict=True) if rows else [()] * width)
    ]


def each_table_once(writes: list[Write]) -> list[list[Write]]:
    """The writes in order, cut where a table comes again (one statement may change a
    row only once)."""
    chunks: list[list[Write]] = [[]]
    for w in writes:
        if any(o.table_id == w.table_id for o in chunks[-1]):
            chunks.append([])
        chunks[-1].append(w)
    return chunks


def seat_row(table_id: int, s: Seat) -> tuple[Any, ...]:
    return (table_id, s.number, s.user, s.bot, int(s.away), s.left)
