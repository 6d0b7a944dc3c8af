"""Mail through Amazon SES (the v2 API): plain-text messages from one verified sender.

On AWS the sender (`MAIL_FROM`) is an SES identity the template declares
(`MailSenderIdentity`); on the local cloud moto's SES, where the local cloud verifies the
same identity from the same template, and keeps every message sent (readable with
`infra.localcloud.mailbox`, and printed by `contract-check local up`).
"""

from __future__ import annotations

from typing import Any

import boto3
from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.errors import DomainError


class MailUnavailableError(DomainError):
    """SES did not take a message (throttled, or the sender is not verified).

    Not a `RetryableError`: only the HTTP API sends mail, never a step of the state
    machine, whose Retry lists every `RetryableError` (a test holds it to that).
    """

    code = "TEMPORARILY_UNAVAILABLE"
    http_status = 503
    default_message = "Mail could not be sent just now. Try again in a few minutes."


class SesMailer:
    """The `Mailer` port on SES v2 `SendEmail`."""

    def __init__(self, sender: str, client: Any | None = None) -> None:
        # No boto3 stubs for SES are installed: the client is typed loosely here only.
        self._sender = sender
        self._client: Any = client or boto3.client("sesv2")

    def send(self, to: str, subject: str, text: str) -> None:
        """Send one plain-text message to `to`."""
        try:
            self._client.send_email(
                FromEmailAddress=self._sender,
                Destination={"ToAddresses": [to]},
                Content={
                    "Simple": {
                        "Subject": {"Data": subject, "Charset": "UTF-8"},
                        "Body": {"Text": {"Data": text, "Charset": "UTF-8"}},
                    }
                },
            )
        except (ClientError, BotoCoreError) as exc:
            raise MailUnavailableError from exc
