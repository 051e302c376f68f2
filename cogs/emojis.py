"""Card emojis: the application owns one emoji per card image, and renderers ask for them.

On start-up :func:`sync_card_emojis` makes Discord's list of the application's emojis
match the images in ``art/cards``: an emoji is named ``trumpf_<deck>_<code>_<hash>``
(``trumpf_s_H10_1a2b3c4d``), the hash being the image's, so a redrawn card gets a new
emoji and the old one goes.  It uploads only what is missing, never doubles one, and
deletes only names of that exact form: any other emoji of the application is left alone.

A deck is shown with emojis once all of its cards have one; until then, or when Discord
refuses (no permission, rate limit, an outage), :mod:`cogs.card_faces` gives no emoji and
the cards show as text.  The next start tries again.

>>> from engine.cards import Card
>>> CardImage(Deck.SWISS, "H10", b"a picture").name
'trumpf_s_H10_92b2fa58'
>>> CardEmojis().get(Deck.SWISS, Card.from_code("H10")) is None  # before a sync: text
True
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import discord

import art
from engine.cards import CARDS, Card
from tables.decks import Deck

log = logging.getLogger(__name__)
PREFIX = "trumpf_"
OURS = re.compile(r"trumpf_([fs])_([SHDC](?:10|[6-9AKQJ]))_([0-9a-f]{8})")
# Discord refusing or unreachable: worth one line, not a traceback.
REFUSALS = (discord.DiscordException, aiohttp.ClientError, OSError, TimeoutError)
IMAGES_DIR: Path = art.CARDS_DIR  # a test points this at images of its own


@dataclass(frozen=True, slots=True)
class CardImage:
    deck: Deck
    code: str
    data: bytes

    @property
    def name(self) -> str:
        digest = hashlib.sha256(self.data).hexdigest()[:8]
        return f"{PREFIX}{self.deck.letter}_{self.code}_{digest}"


def card_images(folder: Path | None = None) -> dict[Deck, list[CardImage]]:
    """Every card image of each deck, read from ``folder/<deck>/<code>.png``."""
    folder = folder or IMAGES_DIR
    return {
        deck: [
            CardImage(deck, c.code, (folder / deck.value / f"{c.code}.png").read_bytes())
            for c in CARDS
        ]
        for deck in Deck
    }


def names(images: dict[Deck, list[CardImage]]) -> Iterable[str]:
    return (image.name for deck_images in images.values() for image in deck_images)


class CardEmojis:
    """Which card has which emoji: a deck is filled in once all its cards have one."""

    def __init__(self) -> None:
        self._emojis: dict[tuple[Deck, str], discord.PartialEmoji] = {}

    def get(self, deck: Deck, card: Card) -> discord.PartialEmoji | None:
        return self._emojis.get((deck, card.code))

    def publish(self, deck: Deck, emojis: dict[str, discord.PartialEmoji]) -> None:
        self._emojis.update({(deck, code): e for code, e in emojis.items()})

    def clear(self) -> None:
        self._emojis.clear()

    def __len__(self) -> int:
        return len(self._emojis)


EMOJIS = CardEmojis()  # the bot's; one process runs one bot


@dataclass
class SyncResult:
    kept: int = 0
    uploaded: int = 0
    removed: int = 0


def _partial(emoji: discord.Emoji) -> discord.PartialEmoji:
    return discord.PartialEmoji(name=emoji.name, id=emoji.id, animated=emoji.animated)


async def sync_card_emojis(
    client: discord.Client,
    images: dict[Deck, list[CardImage]] | None = None,
    emojis: CardEmojis = EMOJIS,
) -> SyncResult | None:
    """Make the application's card emojis match ``images``; None if Discord refused."""
    emojis.clear()  # a previous bot's emojis may be gone
    try:
        images = images if images is not None else card_images()
        return await _sync(client, images, emojis)
    except REFUSALS as e:
        log.warning("card emojis unavailable, cards show as text until the next start: %s", e)
    except Exception:  # a bug here must not stop the bot: text cards work
        log.exception("card emojis failed; cards show as text")
    return None


async def _sync(
    client: discord.Client, images: dict[Deck, list[CardImage]], emojis: CardEmojis
) -> SyncResult:
    wanted = set(names(images))
    found: dict[str, discord.Emoji] = {}
    stale: list[discord.Emoji] = []
    for emoji in await client.fetch_application_emojis():
        if not OURS.fullmatch(emoji.name):
            continue  # not ours: someone else's emoji of the application
        if emoji.name in wanted and emoji.name not in found:
            found[emoji.name] = emoji
        else:
            stale.append(emoji)  # an old picture, or a double
    result = SyncResult(kept=len(found))
    for deck, deck_images in images.items():  # French first: both games use it
        for image in deck_images:
            if image.name not in found:
                found[image.name] = await client.create_application_emoji(
                    name=image.name, image=image.data
                )
                result.uploaded += 1
        emojis.publish(deck, {i.code: _partial(found[i.name]) for i in deck_images})
    result.removed = await _remove(stale)  # once the new ones are up: no card is without
    log.info(
        "card emojis: %d kept, %d uploaded, %d removed",
        result.kept,
        result.uploaded,
        result.removed,
    )
    return result


async def _remove(stale: list[discord.Emoji]) -> int:
    removed = 0
    try:
        for emoji in stale:
            await emoji.delete()
            removed += 1
    except REFUSALS as e:  # they are unused; the next start tries again
        log.warning("old card emojis stay until the next start: %s", e)
    return removed


def start_card_emojis(client: discord.Client) -> asyncio.Task[SyncResult | None]:
    """Sync in the background: the bot plays (with text cards) meanwhile."""
    return asyncio.create_task(sync_card_emojis(client), name="trumpf-card-emojis")
