"""Partner callbacks over HTTP: one POST to an address already checked, no redirects.

The callback's host was looked up and every address checked before this is called; the
request goes to those addresses only. The URL's host is kept for the Host header and, over
https, for SNI and the certificate check (httpx's `sni_hostname` extension), so the
partner's server sees an ordinary request and a certificate for another name still fails.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import httpx

if TYPE_CHECKING:
    from collections.abc import Sequence

_TIMEOUT_SECONDS = 5.0
# A name with many addresses must not hold a Lambda for 5 s each: the first few are tried.
_MAX_ADDRESSES_TRIED = 3


class HttpWebhookPoster:
    """POSTs a callback body; network failures become OSError for the sender's retries."""

    def __init__(self, client: httpx.Client | None = None) -> None:
        self._client = client or httpx.Client(
            timeout=_TIMEOUT_SECONDS,
            # A 3xx could lead to an address we must not call.
            follow_redirects=False,
            # No proxy from the environment between us and the address that was checked.
            trust_env=False,
            # Connections are pooled by address: one opened (and its certificate checked)
            # for one host name must never carry a request for another name there.
            limits=httpx.Limits(max_keepalive_connections=0),
        )

    def post(self, url: str, addresses: Sequence[str], body: bytes, headers: dict[str, str]) -> int:
        """POST `body` to `url` at the first of `addresses` that takes the connection."""
        try:
            request = self._client.build_request("POST", url, content=body, headers=headers)
        except (httpx.InvalidURL, httpx.HTTPError) as exc:
            raise OSError(str(exc)) from exc
        # The Host header is already the URL's; TLS gets the host name, the socket the address.
        named = request.url
        request.extensions = {**request.extensions, "sni_hostname": named.raw_host.decode()}
        refused: list[str] = []
        for address in addresses[:_MAX_ADDRESSES_TRIED]:
            try:
                request.url = named.copy_with(host=address)
                response = self._client.send(request, stream=True)
            except (httpx.ConnectError, httpx.ConnectTimeout, httpx.InvalidURL) as exc:
                # Refused, unreachable, a TLS failure (a certificate for another name among
                # them): the next address, if there is one.
                refused.append(f"{address}: {exc}")
                continue
            except httpx.HTTPError as exc:
                raise OSError(str(exc)) from exc
            response.close()  # the status is all we need: a partner's body is never read
            return response.status_code
        raise OSError(f"no address of {named.host} took the callback: {'; '.join(refused)}")
