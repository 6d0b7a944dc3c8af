"""The recognizer's share over SMB (smbprotocol's `smbclient`): the real adapter.

Paths on the share are `\\\\server\\share\\Input\\<task_id>.<ext>`; the share's root holds
`Input\\` and `Output\\`. The session (user and password, signed) is kept per adapter in its
own connection cache, so two shares in one process never mix credentials. `smbclient` is
imported here only: functions that never use SMB do not load it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.ports.recognizer import ShareEntry
from chalicelib.recognizer.errors import RecognizerShareUnavailableError

if TYPE_CHECKING:
    from collections.abc import Callable

DEFAULT_SMB_PORT = 445
CONNECTION_TIMEOUT_SECONDS = 10


def _unavailable(exc: Exception) -> RecognizerShareUnavailableError:
    return RecognizerShareUnavailableError(f"The SMB share did not answer: {type(exc).__name__}")


class SmbShare:
    """A folder shared with the recognizer over SMB 2/3."""

    def __init__(
        self,
        server: str,
        share: str,
        *,
        username: str,
        password: str,
        port: int = DEFAULT_SMB_PORT,
    ) -> None:
        if not server or not share:
            raise ValueError("RECOGNIZER_SMB_SERVER and RECOGNIZER_SMB_SHARE must be set")
        self._root = f"\\\\{server}\\{share}"
        self._session: dict[str, Any] = {
            "username": username or None,
            "password": password or None,
            "port": port,
            "connection_timeout": CONNECTION_TIMEOUT_SECONDS,
            "connection_cache": {},
        }

    def _path(self, path: str) -> str:
        parts = [part for part in path.replace("\\", "/").split("/") if part]
        return "\\".join([self._root, *parts])

    def _call(self, action: Callable[[Any], Any]) -> Any:
        """Run `action(smbclient)`, every failure of the share translated."""
        import smbclient  # type: ignore[import-untyped]  # noqa: PLC0415 - only where SMB is used

        try:
            return action(smbclient)
        except (OSError, ValueError) as exc:  # SMBOSError and connection errors are OSErrors
            raise _unavailable(exc) from exc
        except Exception as exc:  # smbprotocol's own (SMBException, SpnegoError) are not
            if type(exc).__module__.split(".")[0] in ("smbprotocol", "smbclient", "spnego"):
                raise _unavailable(exc) from exc
            raise

    def put(self, path: str, data: bytes) -> None:
        """Write a file, making its folder first."""
        target = self._path(path)
        folder = target.rsplit("\\", 1)[0]

        def write(smb: Any) -> None:
            smb.makedirs(folder, exist_ok=True, **self._session)
            with smb.open_file(target, mode="wb", **self._session) as handle:
                handle.write(data)

        self._call(write)

    def list(self, folder: str) -> list[ShareEntry]:
        """The files directly in `folder` (none when it does not exist)."""
        target = self._path(folder)

        def scan(smb: Any) -> list[ShareEntry]:
            if not smb.path.isdir(target, **self._session):
                return []
            return [
                ShareEntry(name=entry.name, size=int(entry.smb_info.end_of_file))
                for entry in smb.scandir(target, **self._session)
                if entry.is_file()
            ]

        entries: list[ShareEntry] = self._call(scan)
        return entries

    def read(self, path: str) -> bytes:
        """A file's bytes."""

        def read(smb: Any) -> bytes:
            with smb.open_file(self._path(path), mode="rb", **self._session) as handle:
                return bytes(handle.read())

        data: bytes = self._call(read)
        return data

    def delete(self, path: str) -> None:
        """Remove a file; a missing one is not an error."""
        target = self._path(path)

        def remove(smb: Any) -> None:
            if smb.path.exists(target, **self._session):
                smb.remove(target, **self._session)

        self._call(remove)

    def delete_folder(self, folder: str) -> None:
        """Remove a folder and its files; a missing one is not an error."""
        target = self._path(folder)

        def remove_tree(smb: Any) -> None:
            if not smb.path.isdir(target, **self._session):
                return
            for entry in smb.scandir(target, **self._session):
                if entry.is_file():
                    smb.remove(f"{target}\\{entry.name}", **self._session)
            smb.rmdir(target, **self._session)

        self._call(remove_tree)

    def probe(self) -> None:
        """The share answers a look at its root."""
        self._call(lambda smb: smb.listdir(self._root, **self._session))
