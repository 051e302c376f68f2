-- 007: the thread a table plays in (opened from its lobby message, so the thread's id is
-- that message's id too), kept so the board finds it again after a restart.
CREATE TABLE table_threads (
    table_id  BIGINT PRIMARY KEY REFERENCES tables (id),
    thread_id TEXT NOT NULL
);
