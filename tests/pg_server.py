"""A throwaway PostgreSQL server for tests and benches: the machine's initdb and postgres,
data and unix socket in a temporary folder, no TCP port, stopped and removed at the end.

PostgreSQL refuses to run as root, so as root the server runs as ``nobody`` (through
``runuser``).  ``python tests/pg_server.py [--durable]`` starts one and prints its URL
until Ctrl-C (for ``bench/table_service.py --database``).
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

SEARCH = ["/usr/lib/postgresql/*/bin", "/usr/local/pgsql/bin", "/usr/pgsql-*/bin"]
USER = "nobody"  # who runs the server when we are root


class NoPostgres(RuntimeError):
    """No PostgreSQL server binaries on this machine."""


def find_bin_dir() -> Path:
    """The folder holding initdb and postgres: PATH first, then the usual places."""
    on_path = shutil.which("initdb")
    candidates = [str(Path(on_path).resolve().parent)] if on_path else []
    for pattern in SEARCH:
        candidates += sorted(glob.glob(pattern), reverse=True)  # newest version first
    for folder in candidates:
        if all((Path(folder) / name).exists() for name in ("initdb", "postgres", "pg_ctl")):
            return Path(folder)
    raise NoPostgres(
        "no PostgreSQL server found (initdb, pg_ctl, postgres): install Debian's"
        " `postgresql` package (apt-get install postgresql)"
    )


def _as_server_user(argv: list[str]) -> list[str]:
    return ["runuser", "-u", USER, "--", *argv] if os.geteuid() == 0 else argv


@contextlib.contextmanager
def postgres_server(durable: bool = False) -> Iterator[str]:
    """Yield the URL of a fresh server's ``postgres`` database; stop it whatever happens.

    Tests run without fsync (quicker, and not what they check); ``durable`` keeps
    PostgreSQL's defaults, for benches."""
    bin_dir = find_bin_dir()
    root = Path(tempfile.mkdtemp(prefix="trumpf-pg-"))
    data, sock = root / "data", root / "sock"
    sock.mkdir()
    user = USER if os.geteuid() == 0 else pwd.getpwuid(os.geteuid()).pw_name
    if os.geteuid() == 0:
        entry = pwd.getpwnam(USER)
        for path in (root, sock):
            os.chown(path, entry.pw_uid, entry.pw_gid)
    pg_ctl = str(bin_dir / "pg_ctl")
    try:
        subprocess.run(
            _as_server_user([str(bin_dir / "initdb"), "-D", str(data), "-U", user,
                             "--auth=trust", "-N", "-E", "UTF8", "--locale=C.UTF-8"]),
            check=True, capture_output=True,
        )  # fmt: skip
        options = f"-k {sock} -c listen_addresses=''"
        if not durable:
            options += " -c fsync=off -c full_page_writes=off"
        subprocess.run(
            _as_server_user([pg_ctl, "start", "-w", "-D", str(data), "-l",
                             str(root / "log"), "-o", options]),
            check=True, capture_output=True,
        )  # fmt: skip
    except subprocess.CalledProcessError as e:
        shutil.rmtree(root, ignore_errors=True)
        raise RuntimeError(f"PostgreSQL did not start: {e.stderr.decode(errors='replace')}") from e
    try:
        yield f"postgresql:///postgres?host={sock}&user={user}"
    finally:
        subprocess.run(
            _as_server_user([pg_ctl, "stop", "-D", str(data), "-m", "immediate", "-w"]),
            capture_output=True,
        )
        shutil.rmtree(root, ignore_errors=True)


def database_url(server_url: str, name: str) -> str:
    """The URL of database ``name`` on the server at ``server_url``."""
    return server_url.replace("/postgres?", f"/{name}?", 1)


def _stop(signum: int, frame: object) -> None:
    raise KeyboardInterrupt  # so the server is stopped on the way out


if __name__ == "__main__":
    import signal
    import sys

    # Started in the background, a process ignores SIGINT: say how to stop it anyway.
    signal.signal(signal.SIGINT, _stop)
    signal.signal(signal.SIGTERM, _stop)
    with postgres_server(durable="--durable" in sys.argv) as url:
        print(url, flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            signal.pause()
