"""Sides of an English contract: company names with the defined term that follows them."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from chalicelib.models import Party

if TYPE_CHECKING:
    from chalicelib.prescreen.text import PreparedText

_PREAMBLE_REACH = 5000
_NAME_REACH = 350
_MAX_PARTIES = 6

# ("Licensor"), (the "Company"), (hereinafter "Customer"), Hereinafter referred to as "Contractor".
_DEFINED_TERM = re.compile(
    r"\(\s*(?:the\s+|hereinafter(?:\s+referred\s+to\s+as)?\s+|herein\s+)?[“\"‘'”]+\s*"
    r"(?P<term>[^”\"’'“\n()]{1,40}?)\s*[”\"’'“]+\s*\)"
    r"|(?:hereinafter|herein)\s+(?:referred\s+to\s+as\s+)?(?:the\s+)?[“\"‘']"
    r"(?P<term2>[^”\"’'\n]{1,40}?)[”\"’']",
    re.IGNORECASE,
)
# Defined terms that name the deal, not a side of it.
_NOT_A_PARTY = re.compile(
    r"^(?:this\s+)?(?:agreement|amendment|effective\s+date|part(?:y|ies)|act|territory|products?|"
    r"services?|background|confidential\s+information|joint\s+venture|contract|term|"
    r"existing\s+agreement|affiliates?|recitals?|exhibit|schedule|work|project|program)s?$",
    re.IGNORECASE,
)
_SUFFIX = (
    r"Inc|INC|Incorporated|INCORPORATED|Corp|CORP|Corporation|CORPORATION|LLC|L\.L\.C|Ltd|LTD"
    r"|Limited|LIMITED|Company|COMPANY|Co|CO|N\.V|B\.V|GmbH|AG|S\.A|SA|plc|PLC|LLP|L\.P|LP"
    r"|University|UNIVERSITY|Trust|TRUST|Bank|BANK|Association|Funds?|FUNDS?|Holdings?"
    r"|HOLDINGS?|Group|GROUP|Laboratories|LABORATORIES"
)
# "Aduro Biotech, Inc.", "YOU ON DEMAND HOLDINGS, INC.", "Charles Webb & Company".
_COMPANY = re.compile(
    rf"(?:(?:[A-Z0-9][\w.&’'-]*,?|&|of|de|and)\s+){{1,8}}(?:{_SUFFIX})\b\.?(?:,?\s*(?:{_SUFFIX})\b\.?)?"
)
_ARTICLE_BEFORE = re.compile(r"\b(?:an?|the|its|any|such|each)\s+$", re.IGNORECASE)
_LEADING_JOINERS = re.compile(r"^(?:(?:and|of|de|&|between|by|with)\s+)+", re.IGNORECASE)
# A title or exhibit line glued in front of the first name: keep what follows it.
_TITLE_WORDS = re.compile(r"^.*\b(?:agreement|exhibit\s+\S+)\s+", re.IGNORECASE)
# "...Republic of China. China Recycling Energy Corporation": a sentence ended before it.
_SENTENCE_BEFORE = re.compile(r"^.*\b[A-Za-z]{3,}\.\s+(?=[A-Z])")
# "..., Rochester NY 14623 and Beijing CC-Pharming Ltd.": an address ends before " and ".
_ADDRESS_THEN_AND = re.compile(r"^.*\d.*?,?\s+and\s+", re.IGNORECASE)
# An "and" between the name and its term means the term belongs to the next side.
_ANOTHER_SIDE = re.compile(r"\b(?:and|AND|And)\s+(?:[A-Z]|\[)")
_ONLY_FORM = re.compile(rf"^(?:the\s+)?(?:(?:{_SUFFIX})\b\.?,?\s*)+$", re.IGNORECASE)


def find_parties_en(text: PreparedText) -> tuple[Party, ...]:
    """Each company named in the preamble with the defined term ("Licensee") that follows it."""
    parties: list[Party] = []
    for match in _DEFINED_TERM.finditer(text.norm, 0, _PREAMBLE_REACH):
        term = " ".join((match.group("term") or match.group("term2") or "").split()).strip(".,;: ")
        if not term or _NOT_A_PARTY.match(term) or not term[:1].isupper():
            continue
        name = _company_before(text.norm, match.start())
        if name is None or any(name in party.name or party.name in name for party in parties):
            continue
        parties.append(Party(name=name, role=term))
        if len(parties) == _MAX_PARTIES:
            break
    return tuple(parties)


def _company_before(norm: str, position: int) -> str | None:
    """The nearest company name ending before position, skipping 'a Delaware corporation'."""
    lo = max(0, position - _NAME_REACH)
    best = None
    for match in _COMPANY.finditer(norm, lo, position):
        if _ARTICLE_BEFORE.search(norm, max(0, match.start() - 8), match.start()):
            continue
        best = match
    if best is None or _ANOTHER_SIDE.search(norm, best.end(), position):
        return None
    name = " ".join(best.group(0).split())
    name = _ADDRESS_THEN_AND.sub("", _TITLE_WORDS.sub("", _SENTENCE_BEFORE.sub("", name)))
    name = _LEADING_JOINERS.sub("", name).strip(" ,")
    return name if len(name) >= 3 and not _ONLY_FORM.match(name) else None
