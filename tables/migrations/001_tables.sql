-- 001: the log is the truth: tables, their seats, and every accepted action in order.
CREATE TABLE tables (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    guild_id TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    host TEXT NOT NULL,
    options TEXT NOT NULL,          -- JSON: engine rules and the turn clock
    status TEXT NOT NULL,           -- lobby, playing, finished, cancelled, damaged
    deadline REAL,                  -- when the seat to move runs out of time (epoch seconds)
    reason TEXT,                    -- why a damaged table was set aside
    created_at REAL NOT NULL,
    started_at REAL,
    updated_at REAL NOT NULL
);
CREATE INDEX tables_by_status ON tables (status);

CREATE TABLE seats (
    table_id INTEGER NOT NULL REFERENCES tables (id),
    seat INTEGER NOT NULL,
    user_id TEXT,
    bot TEXT,                       -- bot level, if a bot sits here
    away INTEGER NOT NULL DEFAULT 0,-- the person's clock ran out: a bot stands in
    left_user TEXT,                 -- the person who handed the seat to a bot for good
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;

CREATE TABLE actions (
    table_id INTEGER NOT NULL REFERENCES tables (id),
    seq INTEGER NOT NULL,           -- 0, 1, 2, ...: the expected_seq the action carried
    action TEXT NOT NULL,           -- JSON: a hand-record action, or {"deal": seed}
    actor TEXT,                     -- user id, "bot:<level>", or NULL for the dealer
    at REAL NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
