"""Regions: where a user works and where a document lives, `{province}-{city}` (`ru-msk`).

A province alone (`ru`) is a region too: a user there covers every city of the province.
Regions are ASCII lowercase, so they may stand in object keys and cache keys as they are.
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import StringConstraints

from chalicelib.keys import REGION_BODY

# A province is two to three letters; a city two to eight letters or digits: the syntax
# object keys embed (chalicelib.keys), anchored, so the two can never drift apart.
REGION_PATTERN = rf"^{REGION_BODY}$"
_REGION = re.compile(REGION_PATTERN)

Region = Annotated[str, StringConstraints(pattern=REGION_PATTERN)]


def is_region(value: str) -> bool:
    """Whether `value` is a region's name (`ru`, `ru-msk`)."""
    return bool(_REGION.fullmatch(value))


def province_of(region: str) -> str:
    """The province of a region: `ru` for `ru-msk`, and `ru` for `ru` itself."""
    return region.split("-", 1)[0]


def covers(scope: str, region: str) -> bool:
    """Whether a user whose reach is `scope` reaches a document in `region`.

    A city reaches itself only; a province reaches itself and all its cities. A city does
    not reach its province's own documents (those filed before regions had cities): they
    belong to the whole province, and only a province-level user reaches them.
    """
    if scope == region:
        return True
    return "-" not in scope and region.startswith(scope + "-")
