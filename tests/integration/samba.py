"""A real Samba server on loopback for the SMB share's tests (Debian's `samba` package).

A temporary directory holds everything it writes (its databases, locks, logs and the
share), its `smb.conf` listens on a free high port of 127.0.0.1 only, and one user is added
with `smbpasswd -a -s` (the password on stdin). `smbd --foreground --no-process-group` runs
as a child of the test in a session of its own, stopped at the end. Tests skip, saying why,
where smbd is absent.
"""

from __future__ import annotations

import os
import pwd
import secrets
import shutil
import socket
import subprocess
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

# Debian installs smbd in /usr/sbin, which a user's PATH may leave out.
SMBD = shutil.which("smbd") or shutil.which("smbd", path="/usr/sbin")
SMBPASSWD = shutil.which("smbpasswd")
SHARE_NAME = "recognizer"
START_SECONDS = 20.0


@dataclass(frozen=True)
class Samba:
    """Where the server listens and who may use its share."""

    host: str
    port: int
    share: str
    username: str
    password: str
    root: Path  # the share's folder on this machine


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _config(base: Path, port: int) -> str:
    dirs = {name: base / name for name in ("private", "lock", "state", "cache", "pid", "rpc")}
    for folder in (*dirs.values(), base / "share"):
        folder.mkdir(parents=True, exist_ok=True)
    return f"""[global]
  workgroup = WORKGROUP
  server role = standalone server
  smb ports = {port}
  interfaces = 127.0.0.1
  bind interfaces only = yes
  server services = -nbt
  server min protocol = SMB2_02
  private dir = {dirs["private"]}
  lock directory = {dirs["lock"]}
  state directory = {dirs["state"]}
  cache directory = {dirs["cache"]}
  pid directory = {dirs["pid"]}
  ncalrpc dir = {dirs["rpc"]}
  passdb backend = tdbsam:{dirs["private"]}/passdb.tdb
  log file = {base}/smbd.log
  load printers = no
  printing = bsd
  printcap name = /dev/null
  disable spoolss = yes
[{SHARE_NAME}]
  path = {base / "share"}
  read only = no
"""


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(0.2)
        return probe.connect_ex(("127.0.0.1", port)) == 0


@pytest.fixture
def samba(tmp_path: Path) -> Iterator[Samba]:
    """smbd on a free loopback port with one share and one user; stopped at the end."""
    if SMBD is None or SMBPASSWD is None:
        pytest.skip("Samba's smbd/smbpasswd are not installed (Debian: apt-get install samba)")
    base = tmp_path / "samba"
    port = _free_port()
    config = base / "smb.conf"
    base.mkdir()
    config.write_text(_config(base, port), encoding="utf-8")
    # smbpasswd adds a system user's SMB password: the user running the tests.
    username = pwd.getpwuid(os.getuid()).pw_name
    password = secrets.token_urlsafe(16)
    subprocess.run(
        [SMBPASSWD, "-c", str(config), "-a", "-s", username],
        input=f"{password}\n{password}\n",
        text=True,
        check=True,
        capture_output=True,
    )
    server = subprocess.Popen(
        [SMBD, "--foreground", "--no-process-group", f"--configfile={config}"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        # smbd, told not to make a process group, signals the one it is in when it stops:
        # a session of its own keeps that signal from reaching pytest.
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + START_SECONDS
        while not _listening(port):
            if server.poll() is not None or time.monotonic() > deadline:
                log = base / "smbd.log"
                pytest.fail(f"smbd did not start: {log.read_text() if log.exists() else ''}")
            time.sleep(0.05)
        yield Samba("127.0.0.1", port, SHARE_NAME, username, password, base / "share")
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
