"""Settings from the environment: each checked against its allowed values at start."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.bots import LEVELS
from tables.settings import BOT_LEVELS, SECONDS, SettingError, Settings


def test_every_setting_is_read() -> None:
    s = Settings.from_env(
        {
            "TRUMPF_DB": "x.sqlite3",
            "TRUMPF_BOT_PAUSE": "0.5",
            "TRUMPF_CARD_CLOCK": "0",
            "TRUMPF_CONTRACT_CLOCK": "86400",
            "TRUMPF_CLOCK_WARNING": "10",
            "TRUMPF_STAND_IN_BOT": "Hard",
            "TRUMPF_DB_BUSY_TIMEOUT": "1",
            "DISCORD_TOKEN": " abc ",
            "DEV_GUILD_ID": "123456789012345678",
            "TRUMPF_LOG_LEVEL": "debug",
            "TRUMPF_DOCS_URL": "https://example.org/trumpf/docs/",
        }
    )
    assert s == Settings(
        "x.sqlite3", 0.5, 0.0, 86400.0, 10.0, "hard", 1.0, "abc", 123456789012345678, "DEBUG",
        "https://example.org/trumpf/docs",
    )  # fmt: skip
    assert Settings.from_env({}) == Settings()


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("TRUMPF_CARD_CLOCK", "nan"),
        ("TRUMPF_CARD_CLOCK", "1e309"),
        ("TRUMPF_CARD_CLOCK", "-1"),
        ("TRUMPF_BOT_PAUSE", "soon"),
        ("TRUMPF_DB_BUSY_TIMEOUT", "1e9"),
        ("TRUMPF_STAND_IN_BOT", "godlike"),
        ("DEV_GUILD_ID", "xyz"),
        ("DEV_GUILD_ID", "-5"),
        ("TRUMPF_LOG_LEVEL", "LOUD"),
    ],
)
def test_a_value_out_of_bounds_names_the_key_and_what_is_allowed(key: str, value: str) -> None:
    with pytest.raises(SettingError) as refused:
        Settings.from_env({key: value})
    assert refused.value.key == key
    assert str(refused.value).startswith(f"{key}={value!r} is not allowed: ")


def test_the_bot_levels_are_the_engine_s() -> None:
    assert BOT_LEVELS == LEVELS


@given(st.sampled_from(sorted(SECONDS)), st.text())
def test_any_text_is_a_number_in_range_or_refused(key: str, value: str) -> None:
    try:
        got = getattr(Settings.from_env({key: value}), _field(key))
    except SettingError:
        return
    low, high, _ = SECONDS[key]
    assert math.isfinite(got) and low <= got <= high


@given(st.sampled_from(["TRUMPF_STAND_IN_BOT", "DEV_GUILD_ID", "TRUMPF_LOG_LEVEL"]), st.text())
def test_any_text_for_a_choice_is_taken_or_refused(key: str, value: str) -> None:
    try:
        Settings.from_env({key: value})
    except SettingError as e:
        assert "\n" not in str(e)


def _field(key: str) -> str:
    return {
        "TRUMPF_BOT_PAUSE": "bot_pause_s",
        "TRUMPF_CARD_CLOCK": "card_clock_s",
        "TRUMPF_CONTRACT_CLOCK": "contract_clock_s",
        "TRUMPF_CLOCK_WARNING": "clock_warning_s",
        "TRUMPF_DB_BUSY_TIMEOUT": "db_busy_timeout_s",
    }[key]
