"""What a document is, read from its first lines: its title and its kind."""

from __future__ import annotations

import itertools
import re

from chalicelib.sentences import clean_quote

MAX_TITLE_CHARS = 200
_MIN_TITLE_CHARS = 10
_MAX_TITLE_LINE = 120
_TITLE_SCAN_CHARS = 3000
_KIND_SAMPLE = 1500

_LINE = re.compile(r"[^\n]{1,2000}")
_MARKDOWN_EDGES = "#*>|` \t"
_CONTRACT_WORDS = (
    r"договор|контракт|соглашени|оферт|agreement|contract|licen[cs]e|terms\s{1,3}(?:of|and)"
)
# Not "exhibit": SEC filings label every contract "Exhibit 10.x".
_PART_WORDS = (
    r"приложени|техническ\w{2,3}\s{1,3}задани|спецификаци|дополнительн\w{2,3}\s{1,3}соглашени"
    r"|annex|schedule|amendment|addendum"
)
_TITLE_LINE = re.compile(_CONTRACT_WORDS + "|" + _PART_WORDS, re.IGNORECASE)
# "THIS AGREEMENT. THE REDACTED…" is prose, not a title; "NO. 2" and "г. Москва" are fine.
_PROSE = re.compile(r"\w{3,}\.\s{1,3}\w")
# A title that starts with these is a part of a contract (an annex, an
# amendment): the clauses it lacks live in the main agreement.
_PART_TITLE = re.compile(r"[\W\d_]{0,8}(?:" + _PART_WORDS + r"|изменени)", re.IGNORECASE)

# Kinds decide whether an absent clause matters (confidentiality in a licence,
# acceptance in works). The first kind that matches wins.
_KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("nda", re.compile(r"конфиденциальн|неразглашени|non-?disclosure|\bnda\b", re.IGNORECASE)),
    ("licence", re.compile(r"лиценз|licen[cs]|eula|software", re.IGNORECASE)),
    (
        "works",
        re.compile(
            r"подряд|изготовлени|выполнени\w{0,3}\s{1,3}работ|\bworks?\b|manufactur", re.IGNORECASE
        ),
    ),
    (
        "services",
        re.compile(r"услуг|поддержк|service|consult|maintenance|support|outsourc", re.IGNORECASE),
    ),
    (
        "supply",
        re.compile(r"поставк|закупк|купли|продаж|supply|purchase|\bsale|distribut", re.IGNORECASE),
    ),
    ("lease", re.compile(r"аренд|\blease", re.IGNORECASE)),
)


def detect_kind(contract_type: str | None, title: str, text: str) -> str | None:
    """The contract's kind: annex, nda, licence, works, services, supply, lease, or None."""
    # Only a declared type or the title makes a document an annex: the first
    # page of any contract may mention its annexes.
    if any(_PART_TITLE.match(source) for source in (contract_type or "", title)):
        return "annex"
    for source in (contract_type or "", title, text[:_KIND_SAMPLE]):
        for kind, pattern in _KINDS:
            if pattern.search(source):
                return kind
    return None


def find_title(text: str) -> str:
    """The document's title as it stands in the text (verbatim up to whitespace), or ""."""
    lines = list(_LINE.finditer(text, 0, _TITLE_SCAN_CHARS))
    for index, line in enumerate(lines):
        if _looks_like_title(line.group().strip(_MARKDOWN_EDGES)):
            return _title_from(lines[index:])
    first = next((line.group() for line in lines if line.group().strip()), "")
    return clean_quote(first.strip(_MARKDOWN_EDGES))[:MAX_TITLE_CHARS]


def _looks_like_title(text: str) -> bool:
    return (
        _MIN_TITLE_CHARS <= len(text) <= _MAX_TITLE_LINE
        and not text[0].islower()
        and _TITLE_LINE.search(text) is not None
        and _PROSE.search(text) is None
    )


def _title_from(lines: list[re.Match[str]]) -> str:
    """A title line and the lines right below it that continue it (lower case, or capitals)."""
    parts = [lines[0].group().strip(_MARKDOWN_EDGES)]
    for previous, line in itertools.pairwise(lines[:4]):
        text = line.group().strip(_MARKDOWN_EDGES)
        adjacent = line.start() == previous.end() + 1 and bool(text)
        continues = text[:1].islower() or (text.isupper() and parts[-1].isupper())
        if not (adjacent and continues) or sum(map(len, parts)) + len(text) > MAX_TITLE_CHARS:
            break
        parts.append(text)
    return clean_quote(" ".join(parts))[:MAX_TITLE_CHARS].strip()
