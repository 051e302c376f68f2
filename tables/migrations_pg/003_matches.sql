-- 003: finished matches, with everything the league needs: players, sides, scores, winner.
CREATE TABLE matches (
    table_id BIGINT PRIMARY KEY REFERENCES tables (id),
    game TEXT NOT NULL,
    guild_id TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    options TEXT NOT NULL,          -- JSON, as in tables.options
    sheet TEXT NOT NULL,            -- JSON: what each hand scored, per side
    scores TEXT NOT NULL,           -- JSON: the final score per side
    winner INTEGER NOT NULL,        -- the winning side (Schieber team, Klaberjass seat)
    started_at DOUBLE PRECISION,
    finished_at DOUBLE PRECISION NOT NULL
);
CREATE INDEX matches_by_guild ON matches (guild_id, finished_at);

CREATE TABLE match_players (
    table_id BIGINT NOT NULL REFERENCES matches (table_id),
    seat INTEGER NOT NULL,
    side INTEGER NOT NULL,
    user_id TEXT,                   -- who sat there at the end (NULL for a bot)
    bot TEXT,
    left_user TEXT,                 -- who played the seat before handing it to a bot
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX match_players_by_user ON match_players (user_id);
