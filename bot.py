"""Trumpf: the Discord bot for Schieber Jass and Klaberjass, or its console table.

python bot.py             # the Discord bot; the console table if no DISCORD_TOKEN is set
python bot.py --console   # play at the terminal against bots (see --console --help)
"""

from __future__ import annotations

import sys

from dotenv import load_dotenv

NO_TOKEN = """No DISCORD_TOKEN is set, so Trumpf cannot go online.
To get one: https://discord.com/developers/applications -> New Application -> Bot ->
Reset Token; put DISCORD_TOKEN=... in a .env file beside bot.py (or the environment).
Meanwhile, here is the console table: you against bots, same rules, same database.
"""


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    load_dotenv()
    from tables import console
    from tables.settings import Settings

    if "--console" in args:
        return console.main([a for a in args if a != "--console"])
    try:
        settings = Settings.from_env()
    except ValueError as e:
        print(f"Bad setting: {e}", file=sys.stderr)
        return 2
    if settings.discord_token is None:
        print(NO_TOKEN, file=sys.stderr)
        return console.main(args)
    from cogs.app import run_discord

    run_discord(settings)
    return 0


if __name__ == "__main__":
    sys.exit(main())
