"""The console table: play either game at the terminal against bots.

It goes through the very same :class:`TableService` and SQLite file as the Discord
bot: you sit in seat 1, bots fill the other seats, and an unfinished console table is
resumed the next time.  Type a card by its code (``H10``) or by its number in the list;
``push`` or a contract (``hearts``, ``obenabe``); ``take``, ``pass``, ``name spades``,
``swap``; ``help``; ``quit``.

>>> from engine.cards import Card
>>> parse("h10", seat=0, legal=[])
Play(seat=0, card=Card('H10'))
>>> parse("name spades", seat=1, legal=[])
Bid(seat=1, kind=<BidKind.NAME: 'name'>, suit=<Suit.SPADES: 0>)
>>> parse("2", seat=0, legal=["a", "b"])
'b'
>>> parse("3", seat=0, legal=["a", "b"])
Unclear(why='There is no choice 3; the choices go from 1 to 2.')
>>> parse("Rosen-Banner", seat=0, legal=[]), parse("eicheln", seat=2, legal=[])
(Play(seat=0, card=Card('H10')), Choose(seat=2, contract=<Contract.CLUBS: 'clubs'>))

With ``--deck swiss`` cards and contracts are shown by their Swiss names, and may be
typed so too (``rosen-banner``, ``eicheln``) as well as by code.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import json
import random
import sys
import threading
from collections.abc import Callable
from typing import Any, NoReturn, TextIO

from engine.actions import Action, Bid, BidKind, Choose, Contract, Play, Push, Swap
from engine.cards import Card, Suit
from engine.schieber import PRESETS
from tables import text
from tables.decks import Deck, from_swiss
from tables.errors import TableError
from tables.events import TableCancelled, TableFinished, TurnStarted
from tables.model import Table, TableOptions, TableStatus
from tables.service import TableService
from tables.settings import BOT_LEVELS, SettingError, Settings
from tables.store_file import DatabaseRefused, StoreReadOnly

ME = "console"
PLACE = "console"  # the guild and channel of console tables
HELP = """Type the number of a choice, or:
  a card code: SA, H10, DJ, C6      push / hearts / obenabe / undenufe (Schieber)
  Swiss names work too: rosen-banner, eicheln-under, rosen (a contract)
  take / pass / name spades / swap (Klaberjass)
  show (the table again)   record (the last finished hand as JSON)   help   quit"""


@dataclasses.dataclass(frozen=True, slots=True)
class Unclear:
    """A line that is no choice; ``why`` says what was wrong with it."""

    why: str


def parse(line: str, seat: int, legal: list[Any]) -> Any:
    """An action for the seat, a console command (a str), or :class:`Unclear`."""
    words = line.strip().lower().split()
    if not words:
        return Unclear(text.NOTHING_TYPED)
    if len(words) > 1 and words[0] != "name":
        return Unclear(text.MORE_THAN_ONE.format(line=line.strip()))
    word = words[0]
    if word.isascii() and word.isdigit():  # not "²" or "①", which int() cannot read
        n = int(word)
        if 1 <= n <= len(legal):
            return legal[n - 1]
        return Unclear(text.NO_SUCH_CHOICE.format(n=n, last=len(legal)))
    if word in ("help", "quit", "exit", "show", "record", "?"):
        return {"exit": "quit", "?": "help"}.get(word, word)
    if words == ["push"]:
        return Push(seat)
    if words in (["take"], ["pass"]):
        return Bid(seat, BidKind(word))
    if words == ["swap"]:
        return Swap(seat)
    if word == "name":
        try:
            return Bid(seat, BidKind.NAME, Suit.from_word(words[1]))
        except (ValueError, IndexError):
            return Unclear(text.NAME_A_SUIT)
    if word in {c.value for c in Contract}:
        return Choose(seat, Contract(word))
    swiss = from_swiss(word)
    if isinstance(swiss, Suit):
        return Choose(seat, Contract[swiss.name])
    if swiss is not None:
        return Play(seat, swiss)
    try:
        return Play(seat, Card.from_code(word))
    except ValueError:
        return Unclear(text.NOT_UNDERSTOOD.format(line=line.strip()))


class Lines:
    """Standard input read by a daemon thread, so Ctrl-C never waits for a line."""

    def __init__(self, stdin: TextIO) -> None:
        self.queue: asyncio.Queue[str] = asyncio.Queue()
        loop = asyncio.get_running_loop()

        def pump() -> None:
            try:
                for line in iter(stdin.readline, ""):
                    loop.call_soon_threadsafe(self.queue.put_nowait, line)
            except Exception as e:  # a broken input must not leave the console waiting
                print(f"Standard input failed: {e}", file=sys.stderr)
            finally:
                with contextlib.suppress(RuntimeError):  # the loop may be gone already
                    loop.call_soon_threadsafe(self.queue.put_nowait, "")  # the end of input

        threading.Thread(target=pump, daemon=True, name="console-input").start()

    async def read(self) -> str | None:
        line = await self.queue.get()
        if not line:
            self.queue.put_nowait("")  # stay at the end for any later read
            return None
        return line


class Console:
    """``deck``: the names to show cards by; None for the table's own deck (a saved table
    asked for by another deck is shown in that one: the deck changes no rule)."""

    def __init__(
        self, service: TableService, stdin: TextIO, out: TextIO, deck: Deck | None = None
    ) -> None:
        self.service = service
        self.deck = deck
        self.lines = Lines(stdin)
        self.out = out
        self.turn = asyncio.Event()  # set when it is our move, or the table closed
        self.table: Table | None = None

    def deck_of(self, table: Table) -> Deck:
        return self.deck or table.options.deck

    def say(self, line: str) -> None:
        print(line, file=self.out, flush=True)

    def on_event(self, event: Any) -> None:
        table = self.table
        if table is None or getattr(event, "table_id", None) != table.id:
            return
        line = text.table_event_line(event, table, ME, self.deck)
        if line is not None:
            self.say(line)
        mine = isinstance(event, TurnStarted) and event.player.user == ME
        if mine or isinstance(event, TableFinished | TableCancelled):
            self.turn.set()

    async def play(self, table: Table) -> None:
        self.table = table
        seat = table.seat_of(ME)
        assert seat is not None
        self.say(f"Table #{table.id}: {table.game}. You sit in seat {seat + 1}.")
        while True:
            table = self.table = self.service.table(table.id)
            if not table.status.is_open:
                return
            if table.to_move is None or table.seats[table.to_move].user != ME:
                self.turn.clear()
                await self.turn.wait()
                continue
            view = self.service.observation(table.id, ME)
            self.say("\n" + text.describe(table, view, ME, self.deck))
            self.say("Your move: " + text.choices(view.legal, self.deck_of(table)))
            if not await self.prompt(table, list(view.legal)):
                return

    async def prompt(self, table: Table, legal: list[Action]) -> bool:
        """Read until one action is accepted; False when the player quits."""
        seat = table.seat_of(ME)
        assert seat is not None
        while True:
            self.out.write("> ")
            self.out.flush()
            line = await self.lines.read()
            choice = "quit" if line is None else parse(line, seat, legal)
            if choice == "quit":
                self.say("\nBye. The table is saved; run the console again to carry on.")
                return False
            if isinstance(choice, Unclear):
                choices = text.choices(legal, self.deck_of(table))
                self.say(text.UNCLEAR.format(why=choice.why, choices=choices))
            elif choice == "help":
                self.say(HELP)
            elif choice == "show":
                view = self.service.observation(table.id, ME)
                self.say(text.describe(table, view, ME, self.deck))
            elif choice == "record":
                await self.show_record(table)
            else:
                try:
                    await self.service.act(table.id, ME, choice, table.seq)
                    return True
                except StoreReadOnly:
                    raise  # nothing more can be saved: the console stops (see main)
                except TableError as e:
                    self.say(str(e))

    async def show_record(self, table: Table) -> None:
        try:
            self.say(json.dumps(await self.service.hand_record(table.id), ensure_ascii=False))
        except TableError as e:
            self.say(str(e))


async def open_table(service: TableService, args: argparse.Namespace) -> Table:
    """The unfinished console table of this game, or a new one against bots."""
    for table in service.tables(guild_id=PLACE, user=ME):
        if table.game != args.game:
            continue
        if not args.new and table.status is TableStatus.PLAYING:
            return table
        await service.cancel(table.id, ME)
    rules: dict[str, Any] = {}
    if args.preset:
        rules["preset"] = args.preset
    if args.target is not None:
        rules["target"] = args.target
    # No hurry here: no clock.
    deck = args.deck or Deck.FRENCH
    options = TableOptions(rules, card_clock_s=None, contract_clock_s=None, deck=deck)
    table = await service.create_table(args.game, PLACE, PLACE, ME, options, seat=0)
    for _ in range(len(table.seats) - 1):
        table = await service.add_bot(table.id, ME, args.bots)
    return await service.start(table.id, ME)


def seeded(seed: int | None) -> Callable[[], int] | None:
    """Deal seeds drawn from ``seed``: the same cards again, for bug reports and tests."""
    if seed is None:
        return None
    rng = random.Random(seed)
    return lambda: rng.randrange(2**63)


async def run(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    settings = Settings.from_env()
    settings = dataclasses.replace(
        settings,
        db_path=args.db or settings.db_path,
        bot_pause_s=settings.bot_pause_s if args.pause is None else args.pause,
    )
    # one person at a terminal holds up nobody: their table never pauses for idleness
    service = await TableService.open(settings, seeds=seeded(args.seed), idle_min=0)
    console = Console(service, stdin, out, args.deck)
    service.subscribe(console.on_event)  # before any await: no bot moves unseen
    try:
        table = await open_table(service, args)
        await console.play(table)
        final = service.table(table.id)
        if final.status is TableStatus.FINISHED:
            console.say(f"Final score {' : '.join(map(str, final.scores))}.")
    finally:
        await service.close()
    return 0


TARGETS = {"schieber": (100, 10000), "klaberjass": (50, 5000)}  # as /jass allows


class Arguments(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """One line, not argparse's usage block: what is wrong and where to look."""
        self.exit(text.EXIT_BAD_INPUT, f"{self.prog}: {message} (--help for usage)\n")


def arguments(argv: list[str] | None) -> argparse.Namespace:
    p = Arguments(prog="python bot.py --console", description=__doc__.split("\n")[0])
    p.add_argument("--game", choices=tuple(TARGETS), default="schieber")
    p.add_argument("--preset", choices=tuple(PRESETS), help="Schieber preset (default pagat-3000)")
    p.add_argument(
        "--target", type=int, help="points to win (Schieber 100-10000, Klaberjass 50-5000)"
    )
    p.add_argument(
        "--deck",
        choices=[d.value for d in Deck],
        help="card names: french (♥10) or swiss (Rosen-Banner); default: the table's, "
        "French for a new one (Schieber only)",
    )
    p.add_argument("--bots", choices=BOT_LEVELS, default="medium", help="bot level")
    p.add_argument("--db", help="SQLite file (default: TRUMPF_DB or trumpf.sqlite3)")
    p.add_argument("--pause", type=float, help="seconds between bot moves (0-60)")
    p.add_argument("--new", action="store_true", help="start afresh, cancelling a saved table")
    p.add_argument("--seed", type=int, help="seed the deals, to play the same cards again")
    args = p.parse_args(argv)
    low, high = TARGETS[args.game]
    if args.target is not None and not low <= args.target <= high:
        p.error(text.TARGET_RANGE.format(target=args.target, game=args.game, low=low, high=high))
    if args.preset and args.game != "schieber":
        p.error(text.PRESET_SCHIEBER_ONLY)
    args.deck = args.deck and Deck(args.deck)
    if args.deck is Deck.SWISS and args.game != "schieber":
        p.error(text.DECK_SCHIEBER_ONLY)
    if args.pause is not None and not 0 <= args.pause <= 60:
        p.error(text.PAUSE_RANGE.format(pause=args.pause))
    return args


def main(argv: list[str] | None = None, stdin: TextIO = sys.stdin, out: TextIO = sys.stdout) -> int:
    """Play at the terminal; the exit status is one of ``text.EXIT_*``."""
    args = arguments(argv)
    try:
        return asyncio.run(run(args, stdin, out))
    except KeyboardInterrupt:
        print("\nBye. The table is saved.", file=out)
        return text.EXIT_OK
    except SettingError as e:
        return _stop(text.BAD_SETTING.format(error=e), text.EXIT_BAD_INPUT)
    except DatabaseRefused as e:
        return _stop(str(e), e.exit_code)
    except StoreReadOnly as e:
        return _stop(str(e), text.EXIT_NOT_WRITABLE)
    except (TableError, ValueError, OSError) as e:
        return _stop(f"The console table stopped: {e}", text.EXIT_FAILED)


def _stop(line: str, status: int) -> int:
    print(line, file=sys.stderr)
    return status
