-- 004: the league: each finished match counted once, seasons, and standings with openskill ratings.
CREATE TABLE league_settings (
    guild_id TEXT PRIMARY KEY,
    rate_bots INTEGER NOT NULL DEFAULT 0  -- 1: matches with bots at the table are rated too
) WITHOUT ROWID;

CREATE TABLE seasons (
    id INTEGER PRIMARY KEY AUTOINCREMENT, -- from 1; season 0 in league_standings is all-time
    guild_id TEXT NOT NULL,
    name TEXT NOT NULL,
    started_at REAL NOT NULL,
    ended_at REAL,                        -- NULL while it runs
    started_by TEXT,
    ended_by TEXT
);
CREATE UNIQUE INDEX seasons_by_name ON seasons (guild_id, name COLLATE NOCASE);
CREATE UNIQUE INDEX seasons_one_open ON seasons (guild_id) WHERE ended_at IS NULL;

CREATE TABLE league_matches (
    table_id INTEGER PRIMARY KEY REFERENCES matches (table_id),  -- counted once: the key
    guild_id TEXT NOT NULL,
    game TEXT NOT NULL,
    preset TEXT NOT NULL,                 -- the rules as a label: "pagat-3000", "to 501"
    season_id INTEGER REFERENCES seasons (id),  -- the season running when it finished, if any
    rated INTEGER NOT NULL,
    hands INTEGER NOT NULL,               -- hands played (annulled Klaberjass hands not counted)
    finished_at REAL NOT NULL,
    recorded_at REAL NOT NULL
);
CREATE INDEX league_matches_recent ON league_matches (guild_id, finished_at);

CREATE TABLE league_entries (             -- one per player per match: what their seat did
    table_id INTEGER NOT NULL REFERENCES league_matches (table_id),
    seat INTEGER NOT NULL,
    guild_id TEXT NOT NULL,
    game TEXT NOT NULL,
    season_id INTEGER,
    player TEXT NOT NULL,                 -- a user id, or "bot:<level>" in a rated match
    side INTEGER NOT NULL,
    partner TEXT,                         -- Schieber: the person opposite
    won INTEGER NOT NULL,
    rated INTEGER NOT NULL,
    points INTEGER NOT NULL,              -- what the player's side put on the sheet
    hands INTEGER NOT NULL,
    weis INTEGER NOT NULL,                -- Weis (Klaberjass: sequences) that scored
    stoeck INTEGER NOT NULL,              -- Stöck (Klaberjass: Bela)
    match_hands INTEGER NOT NULL,         -- Schieber: hands where the side took every trick
    made INTEGER NOT NULL,                -- Klaberjass: hands as the maker
    made_failed INTEGER NOT NULL,         -- ... of which the maker lost
    mu REAL,                              -- all-time rating after the match (NULL: unrated)
    sigma REAL,
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;
CREATE INDEX league_entries_by_player ON league_entries (guild_id, player, game, table_id);

CREATE TABLE league_standings (           -- running totals per player, kept as matches arrive
    guild_id TEXT NOT NULL,
    game TEXT NOT NULL,
    season_id INTEGER NOT NULL,           -- 0: all-time
    player TEXT NOT NULL,
    played INTEGER NOT NULL,
    won INTEGER NOT NULL,
    rated INTEGER NOT NULL,               -- rated matches: only these move the rating
    points INTEGER NOT NULL,
    hands INTEGER NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    ordinal REAL NOT NULL,                -- mu - 3 sigma: what the table is ranked by
    PRIMARY KEY (guild_id, game, season_id, player)
) WITHOUT ROWID;
