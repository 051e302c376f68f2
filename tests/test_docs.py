"""The project documents itself: links stay inside the repository, every setting and
exit status is listed, and /jass rules points at the game's page."""

from __future__ import annotations

import fnmatch
import inspect
import re
from pathlib import Path

import pytest

from cogs.rules_screen import DOCS, docs_link
from tables import settings, text

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SETTINGS = [
    "DISCORD_TOKEN", "DEV_GUILD_ID", "TRUMPF_DB", "TRUMPF_BOT_PAUSE", "TRUMPF_CARD_CLOCK",
    "TRUMPF_CONTRACT_CLOCK", "TRUMPF_CLOCK_WARNING", "TRUMPF_STAND_IN_BOT",
    "TRUMPF_DB_BUSY_TIMEOUT", "TRUMPF_LOG_LEVEL", "TRUMPF_DOCS_URL", "TRUMPF_DATABASE_URL",
]  # fmt: skip


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_relative_link_is_a_file_of_the_repository(page: Path) -> None:
    body = page.read_text()
    assert "../shared" not in body and "rules/hand-record" not in body
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", body):
        if not target.startswith(("http://", "https://")):
            linked = (page.parent / target).resolve()
            assert linked.is_file() and ROOT in linked.parents, target


def test_the_readme_lists_every_setting_with_its_allowed_values() -> None:
    readme = ROOT / "README.md"
    table = readme.read_text().split("## Configuration")[1].split("\n## ")[0]
    example = (ROOT / ".env.example").read_text()
    for key in SETTINGS:
        row = next(line for line in table.splitlines() if f"`{key}`" in line)
        assert row.count("|") == 5, row  # key, meaning, allowed values, default
        assert re.search(rf"^{key}=", example, re.M), key
    read = set(re.findall(r'"((?:TRUMPF|DISCORD|DEV)_[A-Z_]+)"', inspect.getsource(settings)))
    assert read == set(SETTINGS)  # and no setting is read that is not listed


def test_the_readme_lists_every_exit_status() -> None:
    section = (ROOT / "README.md").read_text().split("## Troubleshooting")[1]
    statuses = {v for k, v in vars(text).items() if k.startswith("EXIT_")}
    for status in statuses:
        assert re.search(rf"^\| {status} \|", section, re.M), status


def test_jass_rules_links_the_game_s_page() -> None:
    for game, page in DOCS.items():
        assert (ROOT / "docs" / page).is_file()
        assert docs_link(game) == f"`docs/{page}` in Trumpf's source"
        url = "https://example.org/trumpf/docs"
        assert docs_link(game, url) == f"[docs/{page}]({url}/{page})"


def test_the_database_s_companion_files_are_ignored_and_explained() -> None:
    patterns = (ROOT / ".gitignore").read_text().split()
    for name in ("trumpf.sqlite3-wal", "trumpf.sqlite3-shm", "trumpf.sqlite3-journal"):
        assert any(fnmatch.fnmatch(name, p) for p in patterns), name
    readme = (ROOT / "README.md").read_text()
    assert "three files" in readme and "trumpf.sqlite3-wal" in readme
