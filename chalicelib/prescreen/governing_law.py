"""Which law governs the contract, as an ISO country code with a US/CA subdivision."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from chalicelib.prescreen.text import PreparedText

_US_STATES = {
    "alabama": "AL", "alaska": "AK", "arizona": "AZ", "arkansas": "AR", "california": "CA",
    "colorado": "CO", "connecticut": "CT", "delaware": "DE", "district of columbia": "DC",
    "florida": "FL", "georgia": "GA", "hawaii": "HI", "idaho": "ID", "illinois": "IL",
    "indiana": "IN", "iowa": "IA", "kansas": "KS", "kentucky": "KY", "louisiana": "LA",
    "maine": "ME", "maryland": "MD", "massachusetts": "MA", "michigan": "MI", "minnesota": "MN",
    "mississippi": "MS", "missouri": "MO", "montana": "MT", "nebraska": "NE", "nevada": "NV",
    "new hampshire": "NH", "new jersey": "NJ", "new mexico": "NM", "new york": "NY",
    "north carolina": "NC", "north dakota": "ND", "ohio": "OH", "oklahoma": "OK", "oregon": "OR",
    "pennsylvania": "PA", "rhode island": "RI", "south carolina": "SC", "south dakota": "SD",
    "tennessee": "TN", "texas": "TX", "utah": "UT", "vermont": "VT", "virginia": "VA",
    "washington": "WA", "west virginia": "WV", "wisconsin": "WI", "wyoming": "WY",
}  # fmt: skip
_CA_PROVINCES = {
    "british columbia": "BC", "alberta": "AB", "ontario": "ON", "quebec": "QC",
    "manitoba": "MB", "saskatchewan": "SK", "nova scotia": "NS", "new brunswick": "NB",
}  # fmt: skip
_COUNTRIES = {
    "england and wales": "GB", "england": "GB", "scotland": "GB", "united kingdom": "GB",
    "israel": "IL", "germany": "DE", "france": "FR", "switzerland": "CH", "netherlands": "NL",
    "the netherlands": "NL", "singapore": "SG", "hong kong": "HK", "ireland": "IE",
    "japan": "JP", "bermuda": "BM", "cayman islands": "KY", "sweden": "SE", "canada": "CA",
    "people's republic of china": "CN", "peoples republic of china": "CN", "prc": "CN",
    "china": "CN", "india": "IN", "australia": "AU", "luxembourg": "LU", "cyprus": "CY",
    "russian federation": "RU", "russia": "RU", "united states": "US", "usa": "US",
}  # fmt: skip
_PLACES: dict[str, str] = {
    **{name: f"US-{code}" for name, code in _US_STATES.items()},
    **{name: f"CA-{code}" for name, code in _CA_PROVINCES.items()},
    **_COUNTRIES,
}
_PLACE = "|".join(re.escape(name) for name in sorted(_PLACES, key=len, reverse=True))
_PLACE_INSIDE = re.compile(rf"\b(?:{_PLACE})\b")

# "governed by ... the laws of the State of New York", "New York law shall govern".
_EN_GOVERNING = re.compile(
    r"governed\s+(?:exclusively\s+)?by|governing\s+law|choice\s+of\s+law|construed|interpreted"
    r"|law\s+shall\s+govern|laws\s+shall\s+govern"
)
_EN_PLACE = re.compile(
    rf"laws?\s+of\s+(?:the\s+)?(?:(?:state|commonwealth|province)\s+of\s+)?(?P<place>{_PLACE})\b"
    rf"|laws?\s+(?:the\s+)?state\s+of\s+(?P<place2>{_PLACE})\b"
    rf"|(?P<place3>{_PLACE})\s+law\b"
)
_EN_NOT_GOVERNING = re.compile(r"\b(?:organi[sz]ed|incorporated|existing|formed|registered)\b")

_RU_PLACES = tuple(
    (code, re.compile(pattern))
    for code, pattern in (
        ("RU", r"российской\s+федерации|\bрф\b|росси[ийя]\w*|российск\w+"),
        ("KZ", r"казахстан"),
        ("BY", r"беларус"),
        ("UZ", r"узбекистан"),
        ("AM", r"армени"),
        ("KG", r"кыргыз|киргиз"),
        ("GB", r"англи|великобритани"),
        ("CH", r"швейцари"),
        ("CY", r"кипр"),
    )
)
# "регулируется законодательством Российской Федерации", "применимое право — право РФ".
_RU_EXPLICIT = re.compile(
    r"применим\w*\s+прав\w*|регулиру\w*\s+(?:\w+\s+){0,3}?(?:законодательств|прав)"
    r"|руководству\w*\s+(?:\w+\s+){0,3}?законодательств|подлежит\s+применению\s+прав"
)
# Statutes cited by name; each pattern opens with a literal word for a fast scan.
_RU_MENTIONS = tuple(
    re.compile(pattern)
    for pattern in (
        r"законодательств\w*\s+(?:\w+\s+)?(?:российской\s+федерации|рф\b|россии)",
        r"кодекс\w*\s+(?:российской\s+федерации|рф\b)",
        r"гк\s+рф\b",
        r"нк\s+рф\b",
        r"российск\w+\s+(?:гражданск\w+\s+)?законодательств",
        r"федеральн\w+\s+закон",
        r"фз\b",
    )
)
_MAX_CANDIDATES = 30


def jurisdiction_code(place: str) -> str | None:
    """'New York', 'the State of Delaware', 'England and Wales' as 'US-NY', 'US-DE', 'GB'."""
    folded = re.sub(r"\s+", " ", place.casefold()).strip(" .")
    folded = re.sub(r"^(?:the\s+)?(?:(?:state|commonwealth|province)\s+of\s+)?", "", folded)
    exact = _PLACES.get(folded)
    if exact is not None:
        return exact
    # "New York, USA", "the laws of England and Wales": the longest place named inside.
    inside = _PLACE_INSIDE.search(folded)
    return _PLACES[inside.group()] if inside else None


def find_governing_law(text: PreparedText, languages: tuple[str, ...] = ("ru", "en")) -> str | None:
    """'RU', 'GB', 'US-NY'... from the governing-law clause, or a Russian statute cited."""
    english = _english(text) if "en" in languages else None
    return english or (_russian(text) if "ru" in languages else None)


def _english(text: PreparedText) -> str | None:
    for count, found in enumerate(_EN_GOVERNING.finditer(text.low)):
        if count >= _MAX_CANDIDATES:
            break
        begin, end = text.sentence_span(found.start(), found.end())
        sentence = text.low[begin:end]
        if _EN_NOT_GOVERNING.search(sentence) and "governed" not in sentence:
            continue
        place = _EN_PLACE.search(sentence)
        if place is not None:
            name = place.group("place") or place.group("place2") or place.group("place3")
            return _PLACES[name]
    return None


def _russian(text: PreparedText) -> str | None:
    for count, found in enumerate(_RU_EXPLICIT.finditer(text.low)):
        if count >= _MAX_CANDIDATES:
            break
        sentence = text.sentence(found.start(), found.end())
        for code, pattern in _RU_PLACES:
            if pattern.search(sentence):
                return code
    # No choice-of-law clause, but the contract cites Russian statutes: Russian law applies.
    return "RU" if any(pattern.search(text.low) for pattern in _RU_MENTIONS) else None
