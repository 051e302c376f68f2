"""Trumpf: the Discord bot for Schieber Jass and Klaberjass, or its console table.

python bot.py             # the Discord bot; the console table if no DISCORD_TOKEN is set
python bot.py --console   # play at the terminal against bots (see --console --help)

Exit status: 0 stopped; 1 an unexpected error; 2 a bad setting, command line or database
file; 3 the database cannot be written (read-only, full or locked); 4 Discord refused
DISCORD_TOKEN; 5 Discord cannot be reached.  Each but 0 comes with one line that says
what to do.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from typing import TYPE_CHECKING

from dotenv import load_dotenv

if TYPE_CHECKING:
    from tables.settings import Settings

USAGE = """usage: python bot.py [--console [CONSOLE OPTIONS]]

Trumpf hosts Swiss Schieber Jass and two-player Klaberjass on Discord.  With
DISCORD_TOKEN set (in .env or the environment) it runs the bot; without one, or with
--console, it opens the console table: you against bots at the terminal.

options:
  -h, --help   show this help and exit
  --console    play at the terminal; python bot.py --console --help lists its options

Settings and exit statuses: see README.md (Configuration, Troubleshooting).
"""

NO_TOKEN = """No DISCORD_TOKEN is set, so Trumpf cannot go online.
To get one: https://discord.com/developers/applications -> New Application -> Bot ->
Reset Token; put DISCORD_TOKEN=... in a .env file beside bot.py (or the environment).
Meanwhile, here is the console table: you against bots, same rules, same database.
"""


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if "--console" not in args and ("-h" in args or "--help" in args):
        print(USAGE, end="")
        return 0
    load_dotenv()
    from tables import console, text
    from tables.settings import SettingError, Settings

    try:
        settings = Settings.from_env()
    except SettingError as e:
        print(text.BAD_SETTING.format(error=e), file=sys.stderr)
        return text.EXIT_BAD_INPUT
    if "--console" in args:
        return console.main([a for a in args if a != "--console"])
    if settings.discord_token is None:
        print(NO_TOKEN, file=sys.stderr)
        return console.main(args)
    if args:
        print(
            f"python bot.py: {' '.join(args)} is not understood (--help for usage)", file=sys.stderr
        )
        return text.EXIT_BAD_INPUT
    return run_discord(settings)


def run_discord(settings: Settings) -> int:
    """Run the bot until it is stopped; an exit status and one line if it cannot start."""
    import discord

    from tables import text

    # Trumpf uses no voice: the warnings about its missing libraries are only noise.
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
    if not logging.getLogger().handlers:
        discord.utils.setup_logging(level=getattr(logging, settings.log_level), root=True)
    # Said before every start, so a refused token would read as two lines, not one.
    logging.getLogger("discord.client").addFilter(
        lambda record: record.getMessage() != "logging in using static token"
    )
    try:
        return asyncio.run(_run_discord(settings))
    except KeyboardInterrupt:
        return text.EXIT_OK


async def _run_discord(settings: Settings) -> int:
    import aiohttp
    import discord

    from cogs.app import TrumpfBot
    from tables import text
    from tables.backend import open_store
    from tables.errors import StoreUnavailable
    from tables.store_file import DatabaseRefused

    try:  # the database first: a bad file is said at once, not after Discord answered
        await (await open_store(settings)).close()
    except DatabaseRefused as e:
        return _fail(str(e), e.exit_code)
    except StoreUnavailable as e:  # PostgreSQL (TRUMPF_DATABASE_URL) unreachable or refusing
        return _fail(f"The database cannot be used: {e.detail}", text.EXIT_NOT_WRITABLE)
    async with TrumpfBot(settings, dev_guild_id=settings.dev_guild_id) as bot:
        try:  # logging in is where a bad token or no network shows; then, connected,
            # discord.py retries a lost connection by itself
            await bot.login(settings.discord_token or "")
        except DatabaseRefused as e:
            return _fail(str(e), e.exit_code)
        except discord.LoginFailure:
            return _fail(text.TOKEN_REFUSED, text.EXIT_TOKEN_REFUSED)
        except (OSError, aiohttp.ClientError, TimeoutError, discord.HTTPException) as e:
            return _fail(text.DISCORD_UNREACHABLE.format(error=_reason(e)), text.EXIT_UNREACHABLE)
        await bot.connect()
    return text.EXIT_OK


def _fail(line: str, status: int) -> int:
    print(line, file=sys.stderr)
    return status


def _reason(error: BaseException) -> str:
    """The innermost cause of a connection error: "Name or service not known"."""
    while error.__cause__ is not None:
        error = error.__cause__
    return getattr(error, "strerror", None) or str(error) or type(error).__name__


if __name__ == "__main__":
    sys.exit(main())
