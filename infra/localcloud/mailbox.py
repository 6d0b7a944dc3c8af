"""The mail the local cloud sent: moto's SES keeps every message, and this reads them.

SES has no API to read sent mail back, so this reads moto's backend in the process that
runs it (the local cloud runs moto in-process in both modes). `contract-check local up`
prints each new message (`MailPrinter`), so a verification or password-reset token can be
read off the terminal; tests read `sent_mail()`.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from collections.abc import Callable

POLL_SECONDS = 0.5


@dataclass(frozen=True)
class SentMail:
    """One message as SES took it."""

    message_id: str
    sender: str
    to: tuple[str, ...]
    subject: str
    body: str


def sent_mail(account_id: str, region: str) -> list[SentMail]:
    """Every message moto's SES sent in this account and region, oldest first."""
    from moto.ses.models import ses_backends

    backend = ses_backends[account_id][region]
    return [_mail(message) for message in list(backend.sent_messages)]


def _mail(message: Any) -> SentMail:
    destinations = getattr(message, "destinations", {}) or {}
    to = tuple(destinations.get("ToAddresses", []))
    return SentMail(
        message_id=str(message.id),
        sender=str(message.source),
        to=to,
        subject=str(getattr(message, "subject", "")),
        body=str(getattr(message, "body", "")),
    )


def render_mail(mail: SentMail) -> str:
    """A message as the terminal shows it."""
    rule = "-" * 72
    return (
        f"{rule}\nmail to {', '.join(mail.to)} (from {mail.sender})\n"
        f"subject: {mail.subject}\n\n{mail.body.rstrip()}\n{rule}"
    )


class MailPrinter:
    """Prints each new message of the local cloud's SES while it runs (a daemon thread)."""

    def __init__(
        self, read: Callable[[], list[SentMail]], out: TextIO, poll_seconds: float = POLL_SECONDS
    ) -> None:
        self._read = read
        self._out = out
        self._poll = poll_seconds
        self._seen = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="local-mailbox", daemon=True)

    def start(self) -> MailPrinter:
        """Start printing (messages sent before now are printed too)."""
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop printing."""
        self._stop.set()
        self._thread.join(timeout=2 * self._poll)

    def print_new(self) -> int:
        """Print the messages not printed yet; how many."""
        mails = self._read()
        new = mails[self._seen :]
        for mail in new:
            print(render_mail(mail), file=self._out, flush=True)
        self._seen = len(mails)
        return len(new)

    def _run(self) -> None:
        while not self._stop.wait(self._poll):
            self.print_new()
