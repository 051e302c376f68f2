-- 006: each server's defaults for new tables (/jass settings), and the private hand panels
-- Trumpf may still edit after a restart (an interaction token lives 15 minutes).
CREATE TABLE server_settings (
    guild_id TEXT PRIMARY KEY,
    threads INTEGER NOT NULL DEFAULT 1,   -- 1: a table plays in a thread of its own
    clock_s INTEGER,                      -- seconds a card (twice to choose); 0: none; NULL: the bot's
    bot_level TEXT,                       -- NULL: medium
    preset TEXT,                          -- Schieber; NULL: pagat-3000
    updated_by TEXT,
    updated_at DOUBLE PRECISION NOT NULL
);

CREATE TABLE panels (                     -- secret: the token edits the player's private hand
    table_id BIGINT NOT NULL,
    user_id TEXT NOT NULL,
    application_id TEXT NOT NULL,
    token TEXT NOT NULL,
    message_id TEXT NOT NULL,
    expires_at DOUBLE PRECISION NOT NULL, -- the token's end, with a margin (epoch seconds)
    PRIMARY KEY (table_id, user_id)
);
