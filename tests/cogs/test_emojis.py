"""Card emojis under simcord: the application's emojis follow the images across starts."""

from __future__ import annotations

import logging
import shutil

import pytest

import cogs.emojis
from cogs.card_faces import card_face, card_inline
from cogs.emojis import EMOJIS, OURS, card_images
from engine.cards import CARDS, Card
from tables.decks import Deck
from tests.cogs.helpers import table_message, tick


def app_emojis(env) -> list[str]:
    return sorted(e.name for e in env.backend.application_emojis.values())


def uploads(env, since: int = 0) -> list[str]:
    return [
        r.json["name"]
        for r in env.http_requests[since:]
        if r.method == "POST" and r.path.endswith("/emojis")
    ]


def expected_names() -> list[str]:
    return sorted(cogs.emojis.names(card_images()))


async def test_the_first_start_uploads_every_card_and_the_second_nothing(world, make_bot):
    env = world.env
    assert app_emojis(env) == expected_names() and len(app_emojis(env)) == 72
    assert sorted(uploads(env)) == expected_names()
    label, emoji = card_face(Deck.SWISS, Card.from_code("H10"))
    assert label == "Rosen-Banner"
    assert emoji is not None and emoji.name.startswith("trumpf_s_H10_")
    [same] = [e for e in env.backend.application_emojis.values() if e.id == emoji.id]
    assert same.name == emoji.name
    assert (
        card_inline(Deck.FRENCH, Card.from_code("SA"))
        == f"{card_face(Deck.FRENCH, CARDS[0])[1]} ♠A"
    )

    before = len(env.http_requests)
    ids = {e.name: e.id for e in env.backend.application_emojis.values()}
    await env.restart_bot(make_bot())
    assert uploads(env, before) == []
    assert {e.name: e.id for e in env.backend.application_emojis.values()} == ids
    assert len(EMOJIS) == 72 and all(
        card_face(deck, card)[1].id == ids[card_face(deck, card)[1].name]
        for deck in Deck
        for card in CARDS
    )


def redrawn(tmp_path, deck: str, code: str, like: str):
    """A copy of the images where one card was drawn anew (here: like another)."""
    folder = tmp_path / "cards"
    shutil.copytree(cogs.emojis.IMAGES_DIR, folder)
    shutil.copy(folder / deck / f"{like}.png", folder / deck / f"{code}.png")
    return folder


async def test_a_redrawn_card_is_replaced_and_nothing_doubled(
    world, make_bot, tmp_path, monkeypatch
):
    env = world.env
    old = card_face(Deck.SWISS, Card.from_code("H10"))[1]
    monkeypatch.setattr(cogs.emojis, "IMAGES_DIR", redrawn(tmp_path, "swiss", "H10", like="HA"))
    before = len(env.http_requests)
    await env.restart_bot(make_bot())
    [new_name] = uploads(env, before)
    assert new_name.startswith("trumpf_s_H10_") and new_name != old.name
    assert old.id not in env.backend.application_emojis  # the old picture is gone
    assert app_emojis(env) == expected_names() and len(app_emojis(env)) == 72
    assert card_face(Deck.SWISS, Card.from_code("H10"))[1].name == new_name


async def test_foreign_emojis_are_left_alone_and_old_or_doubled_ones_of_ours_removed(
    world, make_bot
):
    env, backend = world.env, world.env.backend
    foreign = ["party_parrot", "trumpf_logo", "trumpf_f_SA_notahash", "Trumpf_f_SA_00000000"]
    for name in foreign:
        backend.create_application_emoji(name)
    backend.create_application_emoji("trumpf_f_SA_00000000")  # ours, an old picture
    kept = card_face(Deck.FRENCH, Card.from_code("CK"))[1]
    double = backend.create_application_emoji(kept.name)
    before = len(env.http_requests)
    await env.restart_bot(make_bot())
    assert uploads(env, before) == []
    assert app_emojis(env) == sorted([*expected_names(), *foreign])
    assert double.id not in backend.application_emojis
    assert card_face(Deck.FRENCH, Card.from_code("CK"))[1].id == kept.id
    assert all(OURS.fullmatch(n) for n in expected_names())
    assert not any(OURS.fullmatch(n) for n in foreign)


async def start_refused(env, make_bot, caplog, method: str, status: int) -> None:
    """Restart with no card emojis yet while Discord refuses one request."""
    env.backend.application_emojis.clear()
    env.inject_error(method, "/applications/*/emojis", status=status, times=1)
    with caplog.at_level(logging.INFO, logger="cogs.emojis"):
        await env.restart_bot(make_bot())
    [line] = [r for r in caplog.records if r.name == "cogs.emojis"]
    assert line.levelno == logging.WARNING and "cards show as text" in line.getMessage()
    assert "Traceback" not in caplog.text


@pytest.mark.parametrize(
    ("method", "status"), [("POST", 403), ("POST", 400), ("GET", 503)]
)  # no permission, a refused upload, an outage
async def test_a_refusal_shows_text_cards_and_no_player_sees_an_error(
    world, make_bot, caplog, method, status
):
    env, channel, alice = world.env, world.channel, world.alice
    await start_refused(env, make_bot, caplog, method, status)
    assert len(EMOJIS) == 0
    assert card_face(Deck.SWISS, Card.from_code("DQ")) == ("Schellen-Ober", None)
    assert env.backend.application_emojis == {}  # the refused request made nothing

    res = await alice.slash(channel, "jass quick")
    assert res.ephemeral and not env.errors
    await tick(env)
    hand = await alice.click(table_message(channel, 1), label="🂠 My hand")
    assert hand.ephemeral and hand.response.embeds[0].title.startswith("Your hand")
    assert not hand.followups and not env.errors

    caplog.clear()
    await env.restart_bot(make_bot())  # the next start tries again, and succeeds
    assert app_emojis(env) == expected_names() and len(EMOJIS) == 72


async def test_a_deck_shows_emojis_only_once_all_its_cards_have_one(world, make_bot, caplog):
    env, backend = world.env, world.env.backend
    for emoji_id in [i for i, e in backend.application_emojis.items() if "_s_" in e.name][:5]:
        del backend.application_emojis[emoji_id]  # five Swiss cards lost their emoji
    env.inject_error("POST", "/applications/*/emojis", status=403, times=1)
    with caplog.at_level(logging.WARNING, logger="cogs.emojis"):
        await env.restart_bot(make_bot())
    assert len([r for r in caplog.records if r.name == "cogs.emojis"]) == 1
    assert all(card_face(Deck.FRENCH, c)[1] is not None for c in CARDS)
    assert all(card_face(Deck.SWISS, c)[1] is None for c in CARDS)  # no half-drawn hand
