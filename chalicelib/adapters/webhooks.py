"""Partner callbacks over HTTP: one POST, no redirects followed, a short timeout."""

from __future__ import annotations

import httpx

_TIMEOUT_SECONDS = 5.0


class HttpWebhookPoster:
    """POSTs a callback body; network failures become OSError for the sender's retries."""

    def __init__(self, client: httpx.Client | None = None) -> None:
        # Redirects are not followed: a 3xx could lead to an address we must not call.
        self._client = client or httpx.Client(timeout=_TIMEOUT_SECONDS, follow_redirects=False)

    def post(self, url: str, body: bytes, headers: dict[str, str]) -> int:
        """POST `body` to `url`; the response's status code."""
        try:
            return self._client.post(url, content=body, headers=headers).status_code
        except httpx.HTTPError as exc:
            raise OSError(str(exc)) from exc
