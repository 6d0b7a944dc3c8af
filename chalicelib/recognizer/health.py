"""The recognizer's healthcheck: the share and the recognition bus answer, or which does not."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

    from chalicelib.ports.recognizer import RecognizerShare


def share_probe(share: Callable[[], RecognizerShare]) -> Callable[[], None]:
    """The share answers (built when probed: a misconfigured share is a failed probe)."""

    def probe() -> None:
        share().probe()

    return probe
