"""Rewordings that keep a contract's meaning: what prescreen must read as the usual wording
(the unit cases in `tests/unit/test_prescreen_wording_variants.py`, the corpus check in
`tests/corpus/test_prescreen_wording_invariance.py`)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable


def swap(words: dict[str, str]) -> Callable[[str], str]:
    """A rewording that puts each word (whole) for its key."""
    pattern = re.compile(r"\b(" + "|".join(words) + r")\b")
    return lambda text: pattern.sub(lambda found: words[found.group(1)], text)


as_contract = swap({"AGREEMENT": "CONTRACT", "Agreement": "Contract", "agreement": "contract"})
will_for_shall = swap({"SHALL": "WILL", "Shall": "Will", "shall": "will"})
_DEFINED = re.compile(r'\((?:the\s+)?"([A-Z][\w&.-]*(?: [A-Z][\w&.-]*){0,2})"\)')


def hereinafter(text: str) -> str:
    """'(the "Effective Date")' written '(hereinafter referred to as "Effective Date")'."""
    return _DEFINED.sub(lambda found: f'(hereinafter referred to as "{found.group(1)}")', text)
