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
# How far back from the first side's name its "between" may stand.
_BETWEEN_REACH = 400
# How far a side's description may run before the "and" that opens the next side.
_SIDE_REACH = 450

# ("Licensor"), (the "Company"), (hereinafter "Customer"), Hereinafter referred to as "Contractor",
# (including its Affiliates, "Customer"), ("Roche US"; Roche Basel and Roche US together ...).
_DEFINED_TERM = re.compile(
    r"\(\s*(?:[^()“\"‘'”’\n]{1,40}?[,;]\s*)?"
    r"(?:the\s+|hereinafter(?:\s+referred\s+to\s+as)?\s+|herein\s+)?[“\"‘'”]+\s*"
    r"(?P<term>[^”\"’'“\n()]{1,40}?)\s*[”\"’'“]+\s*(?:[;,][^()\n]{0,120})?\)"
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
# A word of a name: capitalised, a number, or a brand like "iBio" / "eHealth".
_NAME_WORD = r"(?:[A-Z0-9]|[a-z][A-Z])[\w.&’'-]*"
# "Aduro Biotech, Inc.", "YOU ON DEMAND HOLDINGS, INC.", "Charles Webb & Company", "iBio Inc.".
_COMPANY = re.compile(
    rf"(?:(?:{_NAME_WORD},?|&|of|de|and)\s+){{1,8}}(?:{_SUFFIX})\b\.?(?:,?\s*(?:{_SUFFIX})\b\.?)?"
)
# A name without a legal form, known by its description: "USA Managed Care Organization
# (USA MCO) A Texas Corporation", "Acme Widgets, a Delaware limited liability company".
_DESCRIBED = re.compile(
    rf"(?P<name>{_NAME_WORD}(?:\s+(?:{_NAME_WORD}|&|of|de|for)){{0,7}}?)\s*(?:\([^()\n]{{1,40}}\)\s*)?"
    r",?\s+(?:an?|An?|AN?)\s+(?:[\w.-]+\s+){0,5}?"
    r"(?i:corporation|company|partnership|trust|bank|association|university|entity)\b"
)
_ARTICLE_BEFORE = re.compile(r"\b(?:an?|the|its|any|such|each)\s+$", re.IGNORECASE)
# EDGAR stamps "Source: INMODE LTD., F-1/A, 7/29/2019" on every page: the filer, not a side.
_FILING_STAMP_BEFORE = re.compile(r"Source:\s*$")
_LEADING_JOINERS = re.compile(r"^(?:(?:and|of|de|&|between|by|with)\s+)+", re.IGNORECASE)
# A title or exhibit line glued in front of the first name: keep what follows it.
_TITLE_WORDS = re.compile(r"^.*\b(?:agreement|exhibit\s+\S+),?\s+", re.IGNORECASE)
# "...Republic of China. China Recycling Energy Corporation": a sentence ended before it.
_SENTENCE_BEFORE = re.compile(r"^.*\b[A-Za-z]{3,}\.\s+(?=[A-Z])")
# "..., Rochester NY 14623 and Beijing CC-Pharming Ltd.": an address ends before " and ".
_ADDRESS_THEN_AND = re.compile(r"^.*\d.*?,?\s+and\s+", re.IGNORECASE)
# An "and" between the name and its term means the term belongs to the next side.
_ANOTHER_SIDE = re.compile(r"\b(?:and|AND|And)\s+(?:[A-Z]|\[|\(\d)")
# A person opening a side: "between X and John A. Doe[, an individual ...] (" right before
# the defined term; names only, a company would have been found first.
_PERSON_SIDE = re.compile(
    r"(?:\bbetween|[),”\"’]\s*(?:and|AND))\s+(?:(?:Mr|Mrs|Ms|Dr)\.?\s+)?"
    r"(?P<name>[A-Z][a-z]+(?:\s+[A-Z]\.)?(?:\s+[A-Z][a-z]+){1,2})"
    r"\s*,?\s*(?:an?\s+individual\b[^()“\"]{0,160}?)?\s*$"
)
_INSTITUTION_WORD = re.compile(
    r"\b(?:Commission|Company|Bank|Association|Fund|Agency|Board|Department|Services?|Office"
    r"|Authority|University|Trust|Group|Holdings?|Partners|Capital|Institute|Council|Ministry"
    r"|Bureau|Court|Exchange|Insurance|Federal|National|State|City|County|Agreement)\b"
)
_ONLY_FORM = re.compile(rf"^(?:the\s+)?(?:(?:{_SUFFIX})\b\.?,?\s*)+$", re.IGNORECASE)
# What opens the next side: "A ("A"), and B", "A; B", "A\n\nAND:\n\nB".
_SIDE_JOINER = re.compile(r"\b(?:and|AND|And)\b|;")
_LIST_GAP = re.compile(r"[\s,]*(?:the\s+)?")
# The preamble ends where the recitals or the operative part begin.
_PREAMBLE_END = re.compile(
    r"\b(?:WHEREAS|Whereas|RECITALS|Recitals|BACKGROUND|Background|WITNESSETH|Witnesseth"
    r"|NOW,?\s+THEREFORE|Now,?\s+[Tt]herefore|IN\s+CONSIDERATION|In\s+consideration"
    r"|For\s+good\s+and\s+valuable"
    r"|[Tt]he\s+parties\s+(?:hereto\s+)?(?:hereby\s+)?(?:agree|have\s+agreed))\b"
)
# "This Distributor Agreement ... is between", "THIS AGREEMENT is made ... by and among".
_BETWEEN = re.compile(r"\b(?:between|among|BETWEEN|AMONG|Between)\b\s*:?\s*")
_DEAL_BEFORE = re.compile(r"(?:agreement|amendment|contract)\b[^.]{0,300}$", re.IGNORECASE)
_LEADING_THE = re.compile(r"(?:the|The|THE)\s+")
# "Party A: Xi'an Zhonghong ... Co., Ltd." — the Chinese-style heading of each side.
_PARTY_LABEL = re.compile(r"\bParty\s+(?P<side>[AB]|One|Two)\s*[:：]\s*")


def find_parties_en(text: PreparedText) -> tuple[Party, ...]:
    """The sides named in the preamble, each with the defined term ("Licensee") it is given."""
    labelled = _labelled_parties(text.norm)
    if len(labelled) >= 2:
        return labelled
    parties, spans, end = _defined_parties(text.norm)
    if len(parties) < _MAX_PARTIES:
        _add_between_sides(text.norm, parties, spans, end)
    return tuple(parties)


def _defined_parties(norm: str) -> tuple[list[Party], list[tuple[int, int]], int]:
    """Companies followed by their defined term, their spans, and where the preamble ends."""
    parties: list[Party] = []
    spans: list[tuple[int, int]] = []
    end = _PREAMBLE_REACH
    for match in _DEFINED_TERM.finditer(norm, 0, _PREAMBLE_REACH):
        if match.start() >= end:
            break
        term = " ".join((match.group("term") or match.group("term2") or "").split()).strip(".,;: ")
        if not term or _NOT_A_PARTY.match(term) or not term[:1].isupper():
            continue
        found = _nearest_side(norm, match.start())
        if found is None or _known(found[0], parties):
            continue
        name, start = found
        # Companies inside one side's description (its parent, its principal) are no side:
        # a new side is opened by "and" or ";" after the previous side's defined term.
        if spans and not _opens_side(norm, spans[-1][1], start):
            continue
        if not parties:
            end = _preamble_end(norm, match.end())
        parties.append(Party(name=name, role=term))
        spans.append((start, match.end()))
        if len(parties) == _MAX_PARTIES:
            break
    return parties, spans, end


def _add_between_sides(
    norm: str, parties: list[Party], spans: list[tuple[int, int]], end: int
) -> None:
    """Adds, in place and in order, the sides of 'between A and B' that no defined term gave."""
    first = spans[0][0] if spans else None
    roles = {(party.role or "").casefold() for party in parties}
    for name, start, side_end in _between_sides(norm, first, end):
        if name.casefold() in roles:
            continue  # "each of Loop and Joint Venture Company": a defined term, not a name
        # A side whose description already gave a party ("A, acting through its division
        # B ("B")") is that party's side: one name per side.
        if any(start <= span[0] < side_end for span in spans):
            continue
        if len(parties) < _MAX_PARTIES and not _known(name, parties):
            parties.insert(sum(1 for span in spans if span[0] < start), Party(name=name, role=None))
            spans.append((start, start))
            spans.sort()


def _opens_side(norm: str, previous_end: int, start: int) -> bool:
    """Whether a name at start opens a new side after the one whose term ended at previous_end.

    'A ("A"), B ("B") and C ("C")' lists sides; 'A ("Fox"), as Administrator for B ("B")'
    describes one side, so B is no party of its own.
    """
    return bool(
        _SIDE_JOINER.search(norm, previous_end, start)
        or _LIST_GAP.fullmatch(norm, previous_end, start)
    )


def _labelled_parties(norm: str) -> tuple[Party, ...]:
    """Sides headed 'Party A: <company>' and 'Party B: <company>'."""
    parties: list[Party] = []
    for label in _PARTY_LABEL.finditer(norm, 0, _PREAMBLE_REACH):
        company = _COMPANY.match(norm, label.end())
        role = f"Party {label.group('side')}"
        if company is None or any(party.role == role for party in parties):
            continue
        name = " ".join(company.group(0).split()).strip(" ,")
        if not _known(name, parties):
            parties.append(Party(name=name, role=role))
    return tuple(parties)


def _preamble_end(norm: str, position: int) -> int:
    found = _PREAMBLE_END.search(norm, position, _PREAMBLE_REACH)
    return found.start() if found else _PREAMBLE_REACH


def _between_sides(norm: str, first: int | None, end: int) -> list[tuple[str, int, int]]:
    """Name, start and end of each side of 'between A, a ... corporation, and B'."""
    clause = _between_clause(norm, first, end)
    if clause is None:
        return []
    sides: list[tuple[str, int, int]] = []
    position = clause
    # Each "and" opens one side at most, so a few more tries than sides are enough.
    for _ in range(_MAX_PARTIES * 2):
        if position >= end or len(sides) == _MAX_PARTIES:
            break
        found = _side_name(norm, position)
        after = found[2] if found else position
        joiner = _SIDE_JOINER.search(norm, after, min(end, after + _SIDE_REACH))
        # An "and" inside a parenthesis ("(each of A and B is a Party)") opens no side.
        if joiner is not None and norm.count("(", clause, joiner.start()) != norm.count(
            ")", clause, joiner.start()
        ):
            joiner = None
        if found is not None:
            sides.append((found[0], found[1], joiner.start() if joiner else end))
        if joiner is None:
            break
        position = joiner.end()
        while position < end and norm[position] in " \t\n:,":
            position += 1
    return sides


def _between_clause(norm: str, first: int | None, end: int) -> int | None:
    """Where the names after the preamble's 'between' begin."""
    if first is not None:
        best = None
        for found in _BETWEEN.finditer(norm, max(0, first - _BETWEEN_REACH), first + 1):
            best = found
        return best.end() if best else None
    for found in _BETWEEN.finditer(norm, 0, end):
        if _DEAL_BEFORE.search(norm, max(0, found.start() - 300), found.start()):
            return found.end()
    return None


def _side_name(norm: str, position: int) -> tuple[str, int, int] | None:
    """The company name that opens a side at position, with where it starts and ends."""
    article = _LEADING_THE.match(norm, position)
    start = article.end() if article else position
    match = _COMPANY.match(norm, start) or _DESCRIBED.match(norm, start)
    if match is None:
        return None
    raw = match.group("name") if "name" in match.re.groupindex else match.group(0)
    name = " ".join(raw.split()).strip(" ,")
    if len(name) < 3 or _ONLY_FORM.match(name) or _NOT_A_PARTY.match(name):
        return None
    return name, start, match.end()


def _known(name: str, parties: list[Party]) -> bool:
    folded = name.casefold()
    return any(folded in p.name.casefold() or p.name.casefold() in folded for p in parties)


def _nearest_side(norm: str, position: int) -> tuple[str, int] | None:
    """The company or person whose name comes last before a defined term."""
    sides = [f for f in (_company_before(norm, position), _person_before(norm, position)) if f]
    return max(sides, key=lambda side: side[1]) if sides else None


def _person_before(norm: str, position: int) -> tuple[str, int] | None:
    """'... and John A. Doe, an individual residing at ... ("Consultant")': a person as a side."""
    found = _PERSON_SIDE.search(norm, max(0, position - _NAME_REACH), position)
    if found is None or _NOT_A_PARTY.match(found.group("name")):
        return None
    if _INSTITUTION_WORD.search(found.group("name")):
        return None  # "the Securities and Exchange Commission": a body, no person
    return " ".join(found.group("name").split()), found.start("name")


def _another_side_between(norm: str, start: int, end: int) -> bool:
    """Whether an 'and' between a name and its term opens the next side ('and B Corp.').

    'a company incorporated in England and Wales' has an 'and' too: only one followed by a
    company name, a numbered side '(2)' or a blank '[' opens a side.
    """
    for joiner in _ANOTHER_SIDE.finditer(norm, start, end):
        after = joiner.end() - 1
        if norm[after] in "[(" or _COMPANY.match(norm, after):
            return True
    return False


def _company_before(norm: str, position: int) -> tuple[str, int] | None:
    """The nearest company name ending before position, skipping 'a Delaware corporation'."""
    lo = max(0, position - _NAME_REACH)
    best = None
    for match in _COMPANY.finditer(norm, lo, position):
        before = norm[max(0, match.start() - 8) : match.start()]
        if _ARTICLE_BEFORE.search(before) or _FILING_STAMP_BEFORE.search(before):
            continue
        best = match
    if best is None or _another_side_between(norm, best.end(), position):
        return None
    raw = best.group(0)
    name = " ".join(raw.split())
    name = _ADDRESS_THEN_AND.sub("", _TITLE_WORDS.sub("", _SENTENCE_BEFORE.sub("", name)))
    name = _LEADING_JOINERS.sub("", name).strip(" ,")
    if len(name) < 3 or _ONLY_FORM.match(name):
        return None
    start = best.start() + max(0, " ".join(raw.split()).find(name))
    return name, start
