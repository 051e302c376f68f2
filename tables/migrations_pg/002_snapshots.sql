-- 002: a cache of match states at each deal, so start-up need not replay whole matches.
CREATE TABLE snapshots (
    table_id BIGINT PRIMARY KEY REFERENCES tables (id),
    seq INTEGER NOT NULL,           -- the number of actions the state has seen
    engine TEXT NOT NULL,           -- fingerprint of the engine that wrote it
    state BYTEA NOT NULL
);
