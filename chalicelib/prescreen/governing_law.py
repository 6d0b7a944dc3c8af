"""Which law governs the contract, as an ISO country code with a US/CA subdivision."""

from __future__ import annotations

import difflib
import heapq
import re
from typing import TYPE_CHECKING

from chalicelib.prescreen.recitals import in_recital
from chalicelib.prescreen.text import JOINED_BREAK, name_pattern
from chalicelib.prescreen.word_index import finditer, indexed

if TYPE_CHECKING:
    from chalicelib.prescreen.text import PreparedText

_US_STATES = {
    "alabama": "AL", "alaska": "AK", "arizona": "AZ", "arkansas": "AR", "california": "CA",
    "colorado": "CO", "connecticut": "CT", "delaware": "DE", "district of columbia": "DC",
    "washington, d.c.": "DC", "washington d.c.": "DC",
    "florida": "FL", "georgia": "GA", "hawaii": "HI", "idaho": "ID", "illinois": "IL",
    "indiana": "IN", "iowa": "IA", "kansas": "KS", "kentucky": "KY", "louisiana": "LA",
    "maine": "ME", "maryland": "MD", "massachusetts": "MA", "michigan": "MI", "minnesota": "MN",
    "mississippi": "MS", "missouri": "MO", "montana": "MT", "nebraska": "NE", "nevada": "NV",
    "new hampshire": "NH", "new jersey": "NJ", "new mexico": "NM", "new york": "NY",
    "north carolina": "NC", "north dakota": "ND", "ohio": "OH", "oklahoma": "OK", "oregon": "OR",
    "pennsylvania": "PA", "rhode island": "RI", "south carolina": "SC", "south dakota": "SD",
    "tennessee": "TN", "texas": "TX", "utah": "UT", "vermont": "VT", "virginia": "VA",
    "washington": "WA", "west virginia": "WV", "wisconsin": "WI", "wyoming": "WY",
    "puerto rico": "PR",
}  # fmt: skip
_CA_PROVINCES = {
    "british columbia": "BC", "alberta": "AB", "ontario": "ON", "quebec": "QC", "québec": "QC",
    "manitoba": "MB", "saskatchewan": "SK", "nova scotia": "NS", "new brunswick": "NB",
    "prince edward island": "PE", "newfoundland and labrador": "NL", "newfoundland": "NL",
    "yukon": "YT", "northwest territories": "NT", "nunavut": "NU",
}  # fmt: skip
# England, Wales, Scotland and Northern Ireland are one code: the eval writes the UK as GB.
_COUNTRIES = {
    "england and wales": "GB", "england": "GB", "wales": "GB", "scotland": "GB",
    "northern ireland": "GB", "united kingdom": "GB", "great britain": "GB",
    "united states of america": "US", "united states": "US", "usa": "US", "u.s.a.": "US",
    "u.s.": "US", "canada": "CA", "mexico": "MX", "brazil": "BR", "argentina": "AR",
    "chile": "CL", "colombia": "CO", "peru": "PE", "bermuda": "BM", "cayman islands": "KY",
    "british virgin islands": "VG", "bahamas": "BS", "barbados": "BB", "panama": "PA",
    "ireland": "IE", "republic of ireland": "IE", "france": "FR", "germany": "DE",
    "federal republic of germany": "DE", "netherlands": "NL", "the netherlands": "NL",
    "belgium": "BE", "luxembourg": "LU", "switzerland": "CH", "liechtenstein": "LI",
    "austria": "AT", "italy": "IT", "spain": "ES", "portugal": "PT", "greece": "GR",
    "cyprus": "CY", "malta": "MT", "sweden": "SE", "norway": "NO", "denmark": "DK",
    "finland": "FI", "iceland": "IS", "poland": "PL", "czech republic": "CZ", "hungary": "HU",
    "romania": "RO", "bulgaria": "BG", "ukraine": "UA", "russian federation": "RU",
    "russia": "RU", "kazakhstan": "KZ", "turkey": "TR", "israel": "IL", "egypt": "EG",
    "united arab emirates": "AE", "saudi arabia": "SA", "south africa": "ZA", "nigeria": "NG",
    "kenya": "KE", "mauritius": "MU", "india": "IN", "singapore": "SG", "malaysia": "MY",
    "thailand": "TH", "indonesia": "ID", "philippines": "PH", "vietnam": "VN", "viet nam": "VN",
    "people's republic of china": "CN", "people’s republic of china": "CN",
    "peoples republic of china": "CN", "prc": "CN",
    "p.r.c.": "CN", "mainland china": "CN", "china": "CN", "hong kong": "HK", "macau": "MO",
    "macao": "MO", "taiwan": "TW", "republic of china": "TW", "japan": "JP",
    "south korea": "KR", "republic of korea": "KR", "korea": "KR", "australia": "AU",
    "new zealand": "NZ", "new south wales": "AU", "victoria": "AU", "queensland": "AU",
    "western australia": "AU", "south australia": "AU", "tasmania": "AU",
    "estonia": "EE", "latvia": "LV", "lithuania": "LT", "slovakia": "SK", "slovak republic": "SK",
    "slovenia": "SI", "croatia": "HR", "serbia": "RS", "morocco": "MA", "pakistan": "PK",
    "bangladesh": "BD", "sri lanka": "LK", "ghana": "GH", "qatar": "QA", "kuwait": "KW",
    "bahrain": "BH", "oman": "OM", "lebanon": "LB", "venezuela": "VE", "ecuador": "EC",
    "uruguay": "UY", "costa rica": "CR", "dominican republic": "DO", "jamaica": "JM",
    "gibraltar": "GI", "monaco": "MC", "isle of man": "IM", "seychelles": "SC",
    "marshall islands": "MH", "curacao": "CW", "curaçao": "CW", "u.a.e.": "AE", "uae": "AE",
    "bvi": "VG", "hong kong sar": "HK",
    # Less common choices of law in international deals.
    "liberia": "LR", "guernsey": "GG", "anguilla": "AI", "belize": "BZ", "samoa": "WS",
    "mongolia": "MN", "cambodia": "KH", "nepal": "NP", "brunei": "BN", "bolivia": "BO",
    "paraguay": "PY", "guatemala": "GT", "honduras": "HN", "el salvador": "SV",
    "nicaragua": "NI", "trinidad and tobago": "TT", "armenia": "AM", "azerbaijan": "AZ",
    "belarus": "BY", "uzbekistan": "UZ", "algeria": "DZ", "tunisia": "TN", "ethiopia": "ET",
    "tanzania": "TZ", "uganda": "UG", "zambia": "ZM", "zimbabwe": "ZW", "botswana": "BW",
    "namibia": "NA", "moldova": "MD", "montenegro": "ME", "north macedonia": "MK",
    "kingdom of the netherlands": "NL", "czechia": "CZ", "iraq": "IQ",
    # the long names of a state ("the laws of the United Mexican States"), emirates, islands
    # whose name a U.S. state also bears ("New Jersey" is longer, so it wins where written)
    "united mexican states": "MX", "french republic": "FR", "italian republic": "IT",
    "hellenic republic": "GR", "türkiye": "TR", "turkiye": "TR", "dubai": "AE",
    "abu dhabi": "AE", "dubai international financial centre": "AE",
    "bailiwick of jersey": "JE", "island of jersey": "JE",
    "sao paulo": "BR", "são paulo": "BR", "jordan": "JO", "andorra": "AD",
    "san marino": "SM", "myanmar": "MM", "laos": "LA",
}  # fmt: skip
# "the laws of the State of NY": a state by its postal code, only after "State of" and never
# where the code is an English word ("any state of or in the United States"); standing alone
# ("governed by the laws of NY", "NY law") only the codes of the states deals choose most,
# none of them a word or an abbreviation of something else ("Co.", "Mo.", "La.")
_STATE_CODE_WORDS = frozenset({"IN", "OR", "ME", "HI", "OK"})
_BARE_STATE_CODES = (
    "NY", "CA", "DE", "TX", "NV", "NJ", "FL", "IL", "MA", "WA", "GA", "PA", "MN", "MI", "VA",
    "NC", "AZ", "UT", "CT", "MD", "TN", "WI",
)  # fmt: skip
_PLACES: dict[str, str] = {
    **{name: f"US-{code}" for name, code in _US_STATES.items()},
    **{
        f"state of {code.lower()}": f"US-{code}"
        for code in sorted(set(_US_STATES.values()) - _STATE_CODE_WORDS)
    },
    **{name: f"CA-{code}" for name, code in _CA_PROVINCES.items()},
    **_COUNTRIES,
}
# Longest first, so "west virginia" wins over "virginia"; the lookahead (not \b) lets a
# name end in a period ("u.s.") and still not match inside a longer word ("india"/"indiana").
# Any run of spaces between words: EDGAR text is often justified ("United  States").
_PLACE = "|".join(
    re.escape(name).replace(r"\ ", r"\s+") for name in sorted(_PLACES, key=len, reverse=True)
)
_PLACE_INSIDE = re.compile(rf"\b(?:{_PLACE})(?!\w)")
# The bare codes, and Jersey, only where a law names its place ("the laws of NY", "NY law",
# "Governing Law: NY", "the laws of Jersey"), never as any word of a section ("Rio de Janeiro"
# holds no Delaware, "Jersey City, New Jersey" no Channel Island)
_NAMED_BY_A_LAW_ONLY = {code.lower(): f"US-{code}" for code in _BARE_STATE_CODES} | {"jersey": "JE"}
_PLACE_OR_CODE = "|".join(
    (_PLACE, *(code.lower() for code in _BARE_STATE_CODES), r"jersey(?!\s+city)")
)
# "English law", "the Italian Law": a country's law named by its adjective.
_ADJECTIVES = {
    "english": "GB", "scottish": "GB", "british": "GB", "american": "US", "canadian": "CA",
    "mexican": "MX", "brazilian": "BR", "irish": "IE", "french": "FR", "german": "DE",
    "dutch": "NL", "belgian": "BE", "swiss": "CH", "austrian": "AT", "italian": "IT",
    "spanish": "ES", "portuguese": "PT", "greek": "GR", "cypriot": "CY", "swedish": "SE",
    "norwegian": "NO", "danish": "DK", "finnish": "FI", "polish": "PL", "russian": "RU",
    "israeli": "IL", "indian": "IN", "singaporean": "SG", "chinese": "CN", "taiwanese": "TW",
    "japanese": "JP", "korean": "KR", "australian": "AU",
}  # fmt: skip

# Every choice of law names a law: each of these words is a candidate to look around. One
# pattern per word, each opening with its literal (a leading \b or an alternation would make
# the scan ten times slower); the word's left edge is checked by hand ("bylaws").
_LAW_WORDS = tuple(
    indexed(re.compile(word)) for word in (r"laws?\b", r"legislation\b", r"regulations\b")
)
# After the word: "laws of the State of New York", "laws and decisions of the State of
# Michigan", "laws in the State of Washington", "legislation of the Republic of Kazakhstan",
# "internal laws State of New York". Spaces may be lost in EDGAR text ("laws ofthe State").
# "governed by the laws of, the State of Texas", "the laws in force in the Province of Ontario".
_PLACE_AFTER = re.compile(
    r"(?:\s+and\s+(?:judicial\s+)?(?:decisions|regulations|statutes))?"
    r"(?:\s+(?:(?:in\s+force|in\s+effect|prevailing)\s+)?(?:of|in)\s*,?\s*(?:the\s*)?"
    r"|\s+(?:the\s+)?(?=state\s))"
    r"(?:(?:state|sate|commonwealth|province|republic|federal\s+republic|kingdom|grand\s+duchy"
    r"|principality|special\s+administrative\s+region|federative\s+republic|socialist\s+republic"
    r"|islamic\s+republic|arab\s+republic|hashemite\s+kingdom|emirate|sultanate|bailiwick)"
    r"\s+of\s*(?:the\s+)?)??"
    rf"(?P<place>{_PLACE_OR_CODE})(?!\w)"
)
# A parenthesis between: "the internal laws, and not the laws regarding conflicts of laws,
# of the State of North Carolina". Only the state form, and never across a court or venue.
_STATE_AFTER = re.compile(
    r"(?:(?!court|venue|jurisdiction|arbitra)[^.;\n]){1,90}?\bof\s+the\s+"
    rf"(?:state|commonwealth|province)\s+of\s+(?P<place>{_PLACE})(?!\w)"
)
# Federal law and a state's: "the laws of the United States and the State of Florida", "the
# federal laws of Canada and the laws of the Province of Alberta".
_FEDERATIONS = frozenset({"US", "CA"})
_AND_STATE = re.compile(
    r"(?:(?:(?!court|venue|jurisdiction|arbitra)[^.;\n]){1,60}?\b(?:state|commonwealth|province)"
    # "the laws of the United States of America and of Texas": a state named bare, right after
    r"\s+of\s+|\s+and\s+(?:of\s+)?(?:the\s+)?)"
    rf"(?P<place>{_PLACE})(?!\w)"
)
# Before the word: "Delaware law", "PRC Laws", "English law", "New York substantive law".
# Looked up word by word in the few words before, which is cheaper than a regex search.
_QUALIFIERS = frozenset({"substantive", "internal", "federal", "state", "governing", "the"})
_BEFORE_REACH = 50
_MAX_PLACE_WORDS = 4
# A law that points back at a place named earlier in the sentence: "made in the State of
# California and governed by the laws thereof", "the laws of such state".
_PLACE_BACK = re.compile(
    r"\s+(?:thereof|of\s+(?:such|that|said)\s+(?:state|province|country|jurisdiction)"
    r"|of\s+the\s+(?:state|province|country|jurisdiction)\s+(?:where|in\s+which))"
)
# ... or before it: "deemed made in the State of New Jersey and governed by its laws"
_ITS_BEFORE = re.compile(r"\bits\s+(?:(?:internal|substantive|domestic)\s+)?$")
# "organized under the laws of the State of Ohio", "duly organized, validly existing and in
# good standing under the laws of" name a party's home, not the contract's law.
_HOME = re.compile(
    r"\b(?:organi[sz]ed|incorporated|existing|formed|registered|chartered|constituted|standing)"
    r"\b[^.;:]{0,40}\b(?:under|pursuant\s+to|by|in\s+accordance\s+with)\s+(?:the\s+)?(?:\w+\s+)?$"
)
# "without regard to the conflict of laws of the State of California", "notwithstanding the
# choice of law of Texas in the Purchase Agreement": a law named to be set aside.
# ... or an exception to the choice: "governed by the rules of racing of the Commonwealth of
# Kentucky ..., except to the extent Indiana law requires otherwise"
_SET_ASIDE = re.compile(
    r"\b(?:conflicts?|choice)[\s-]+of[\s-]+$"
    r"|\bexcept\s+(?:to\s+the\s+extent|as|where|insofar\s+as)\s+(?:\w+\s+){0,3}$"
    # the law the contract departs from: "Notwithstanding Section 15.2 of the Advertising
    # Agreement, which provides for the application of the laws of the State of California,
    # this IO ... shall be governed by ... the laws of the State of New York"
    r"|\bnotwithstanding\b(?:[^.;]|\.(?=\d)){0,80}?\bwhich\s+provides\s+for\s+"
    r"(?:the\s+application\s+of\s+)?(?:the\s+)?$"
)
_HOME_REACH = 60
_SET_ASIDE_REACH = 120
_POINTS_AHEAD = re.compile(r"where|in\s+which")
# "Dallas, Texas": a state after a city's comma is an address.
_ADDRESS_BEFORE = re.compile(r",\s*$")
# How firmly a sentence chooses the law. It governs: "governed by", "construed", "shall
# govern", or it stands under a "Governing Law" heading. Whole words, so "governmental" and
# "construction" are no choice, nor "the rules governing the conversion".
_GOVERNS = re.compile(
    # (not "nothing herein shall be construed to violate the laws of", "construed as a waiver")
    # (and its typos in filed text: "shall be goverened by")
    r"\bgovern(?:ed|s)?\b|\b(?:goverened|governd|govened|governned)\b|governing\s+law"
    r"|\bconstrued\b(?!\s+(?:to|as)\s)|\binterpreted\b"
    r"|controlled\s+by"
    r"|choice\s+of\s+law|applicable\s+law(?:\s+(?:is|shall|will)|\s*:)"
    # "The law applicable to this Agreement is the law of Switzerland."
    r"|\blaw\s+applicable\s+to\s+(?:this|the)\s+(?:agreement|contract)"
)
# "Applicable law" is a heading only at the start of a line ("(4) Applicable law and
# jurisdiction"); in running text it ends many a sentence ("... permitted by applicable law.").
_HEADING = re.compile(
    r"governing\s+law|choice\s+of\s+law|\n[ ]*(?:[(]?[\w.]{1,8}[).]?[ ]+)?applicable\s+law"
)
_HEADING_REACH = 120
# Or it only applies a law: "determined in accordance with the laws of the State of Michigan",
# "the law of the Federal Republic of Germany applies". Weaker, and void where the law is one
# of a list to comply with ("United States and Korean laws, rules and regulations").
_APPLIES = re.compile(
    r"in\s+accordance\s+with|\bappl(?:y|ies|ied|ication)\b|subject\s+to|determined|pursuant\s+to"
    # "The laws of the State of Texas shall be applicable to this Agreement"
    r"|\b(?:be|is|are)\s+applicable\b"
    # "made under the laws of", "regulated by" / "ruled by the laws of Mexico" (translations),
    # "disputes shall be resolved under the laws of"
    r"|\bmade\s+under|\b(?:regulated|ruled)\s+by|\b(?:resolved|settled|decided)\s+under"
)
# A law only applied (not chosen) counts where the sentence is about the contract itself or
# its disputes: "this Agreement ... in accordance with the laws of", not "the Distributor shall
# sell the Products in accordance with the laws of the State of Florida".
_ABOUT_CONTRACT = re.compile(
    r"agreement|contract|interpret|constru|dispute|controvers|arbitra[tl]|tribunal|claim|enforce"
    # "This Amendment is subject to the laws of the Commonwealth of Pennsylvania"
    r"|amendment|addendum|assignment|instrument|memorandum|\bdeed\b|\blease\b"
    # "The rights and obligations of the parties hereunder shall be determined in accordance
    # with the laws of the State of Colorado"
    r"|rights\s+and\s+obligations"
    # "The rights of the parties hereunder shall be determined by the laws of the State of ..."
    r"|rights\s+(?:and\s+(?:duties|liabilities)\s+)?of\s+the\s+parties"
    # a document naming itself: "This Warrant is subject to the laws of the State of New York"
    r"|\bthis\s+(?:[\w-]+\s+){1,3}?(?:is|shall\s+be|will\s+be)\s+subject\s+to\s+the\s+laws?\b"
)
_COMPLIANCE = re.compile(
    r"\bcompl(?:y|ies|ied|iance)\b|\blaws?,\s+(?:rules|regulations)|\blaws?\s+and\s+regulations"
    r"|\brules\s+and\s+regulations|\bmeans\b"
)
_ANY_CHOICE = re.compile("|".join(p.pattern for p in (_GOVERNS, _HEADING, _APPLIES)))
# The verb must stand near the law it chooses, not anywhere in a page-long recital.
_VERB_BEFORE = 250
_VERB_AFTER = 200
_GOVERNS_FIRMLY = 2
_NAMES_DIRECTLY = 3
# A U.S. state as a Russian translation of American terms names it: «законодательством штата
# Калифорния».
_RU_US_STATES = {
    "калифорни": "CA", "нью-йорк": "NY", "делавэр": "DE", "техас": "TX", "вашингтон": "WA",
    "флорид": "FL", "иллинойс": "IL", "массачусетс": "MA", "невад": "NV", "нью-джерси": "NJ",
    "джорджи": "GA", "колорадо": "CO", "орегон": "OR", "пенсильвани": "PA", "мичиган": "MI",
    "огайо": "OH", "вирджини": "VA", "юта": "UT", "аризон": "AZ", "миннесот": "MN",
    "северн\\w+\\s+каролин": "NC", "коннектикут": "CT", "мэриленд": "MD", "теннесси": "TN",
}  # fmt: skip
_RU_PLACES = tuple(
    (code, re.compile(pattern))
    for code, pattern in (
        *((f"US-{code}", rf"штат\w*\s+{name}") for name, code in _RU_US_STATES.items()),
        ("US", r"соединенн\w+\s+штат|\bсша\b"),
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
    # «регулируется и толкуется в соответствии с законодательством …», «подчиняется праву …»
    # «регулируются федеральными законами Соединенных Штатов Америки и законами штата ...»
    r"применим\w*\s+прав\w*|регулиру\w*\s+(?:\w+\s+){0,5}?(?:законодательств|прав|закон)"
    r"|подчин\w*\s+(?:\w+\s+){0,2}?(?:праву|законодательству)"
    r"|руководству\w*\s+(?:\w+\s+){0,3}?законодательств|подлежит\s+применению\s+прав"
)
# Statutes cited by name; each pattern opens with a literal word for a fast scan.
_RU_MENTIONS = tuple(
    re.compile(pattern)
    for pattern in (
        r"законодательств\w*\s+(?:\w+\s+)?(?:российской\s+федерации|рф\b|россии)",
        r"кодекс\w*\s+(?:российской\s+федерации|рф\b)",
        r"\bгк\s*рф\b",  # "ГК РФ", and "ГКРФ" as typed in haste or read by OCR
        r"\bнк\s*рф\b",
        r"российск\w+\s+(?:гражданск\w+\s+)?законодательств",
        # not the federal laws of the United States a translation of American terms names
        r"федеральн\w+\s+закон(?!\w*\s+(?:соединенн|сша\b))",
        r"фз\b",
    )
)
_MAX_CANDIDATES = 30
# A heading of the choice of law, on its own or numbered: "13. GOVERNING LAW", "Choice of Law.",
# after a page's footer on the same line ("-3-    4 13.      GOVERNING LAW"), or after a run of
# spaces where a filing's lines were joined ("03/02/2016   Governing Law: New York").
_LAW_HEADING = re.compile(
    r"(?:^|\n|[.;:]\s|"
    + JOINED_BREAK
    + r")[ \t\d.()\-–|]{0,20}(?:(?:section|article)\s+[\w.]+\s*)?"
    r"(?:governing|applicable|choice\s+of)\s+law\b"
    r"[^\n.]{0,40}[.:]?"
)
_SECTION_REACH = 400
_SECTION_MIN = 20
# The next numbered section, or a line that opens with a number.
_NEXT_SECTION = re.compile(r"\n\s*(?:\d+(?:\.\d+)*\.?|[A-Z]\.)\s+\w")
# Words that show the section is a clause (it has a verb of disputes or law), not a list entry.
_LAW_WORDS_IN = re.compile(r"\blaws?\b|\bcourts?\b|\barbitrat|\bjurisdiction|\bvenue\b")
_PLACE_WORD = re.compile(r"\blocated\s+in\b|\bsitting\s+in\b")
# "Governing Law: Delaware", "Governing Law. New York.", "Governing Law and Jurisdiction:
# England and Wales.", a table's row "| Governing Law | State of New York |"; the field ends
# its line, or a run of spaces where lines were joined
_GOVERNING_PLACE_FIELD = re.compile(
    r"(?:^|\n)[ \t*#|]*governing\s+(?:state|jurisdiction)(?=\s*[:|])"
)
_PLACE_FIELD = re.compile(
    r"(?:\s+and\s+(?:jurisdiction|venue|forum))?[ \t:.|]*(?:the\s+)?"
    r"(?:(?:state|commonwealth|province)\s+of\s+)?"
    rf"(?P<place>{_PLACE_OR_CODE})(?!\w)(?:[ \t]*\.?[ \t]*(?:\n|\||$)|\.?[ ]{{3}})"
)


def jurisdiction_code(place: str) -> str | None:
    """'New York', 'the State of Delaware', 'England and Wales' as 'US-NY', 'US-DE', 'GB'."""
    folded = re.sub(r"\s+", " ", place.casefold()).strip(" .")
    folded = re.sub(r"^(?:the\s+)?(?:(?:state|commonwealth|province)\s+of\s+)?", "", folded)
    exact = _PLACES.get(folded)
    if exact is not None:
        return exact
    # "New York, USA", "the laws of England and Wales": the longest place named inside.
    inside = _PLACE_INSIDE.search(folded)
    return _code(inside.group()) if inside else None


def find_governing_law(text: PreparedText, languages: tuple[str, ...] = ("ru", "en")) -> str | None:
    """'RU', 'GB', 'US-NY'... from the governing-law clause, or a Russian statute cited."""
    english = _english(text) if "en" in languages else None
    return english or (_russian(text) if "ru" in languages else None)


# A law the contract says it is not under: "this Agreement is a distribution agreement ... and
# is not a contract of commercial representation governed by Brazilian Law No. 4,886"
_NOT_GOVERNED_BY = re.compile(
    r"\bnot\s+(?:a|an)\s+[^.;]{1,80}?\bgoverned\s+by\s+(?:the\s+)?(?:[a-z]+\s+)?$"
)
_NOT_GOVERNED_REACH = 140


def _english(text: PreparedText) -> str | None:
    """The place of the firmest choice of law; the first such choice if several are as firm."""
    best: tuple[int, int] | None = None
    code: str | None = None
    recited: str | None = None
    low = text.low
    words = heapq.merge(*(finditer(pattern, low) for pattern in _LAW_WORDS), key=_start)
    for found in words:
        start, end = found.span()
        if start and low[start - 1].isalpha():
            continue
        place, rank = _place_of(text, start, end)
        if place is None or _HOME.search(low, max(0, start - _HOME_REACH), start):
            continue
        if _SET_ASIDE.search(low, max(0, start - _SET_ASIDE_REACH), start):
            continue
        if _NOT_GOVERNED_BY.search(low, max(0, start - _NOT_GOVERNED_REACH), start):
            continue
        strength = _strength(text, start, end)
        if not strength:
            continue
        # an amendment's recital of the law it changes ("WHEREAS Section 18.9 of the Agreement
        # currently provides that the Agreement is governed by the laws of the Province of
        # Ontario"): the story so far, read only where the body chooses none (asked last, the
        # dearest check)
        if in_recital(text, start, end):
            recited = recited or place
            continue
        # Federal law alone is weaker than a state's: "the laws of the United States and, to
        # the extent not inconsistent, of the Commonwealth of Kentucky" is Kentucky's.
        score = (strength, rank - 1 if place in _FEDERATIONS else rank)
        if best is None or score > best:
            best, code = score, place
            if score == (_GOVERNS_FIRMLY, _NAMES_DIRECTLY):
                break  # nothing can beat "governed by the laws of X"
    if code is None or code in _FEDERATIONS:
        # "the laws of the state in which PBM's principal office is located": a place the
        # contract gives, though it names none in the sentence; or the one a cover's field
        # names ("Governing Law: State of Texas", where the clause reads "the laws of the state
        # stated in the Summary of Key Terms, ... except that the general maritime law of the
        # United States shall apply to any Work performed in navigable waters")
        code = _state_of_an_office(text) or _place_field(text) or code
    return code or _place_it_stands_in(text) or _place_under_heading(text) or recited


# "governed by ... the laws of the State in which the Hotel is located": the place of the thing
# the contract defines, named in the sentence that defines it ('... located at 7100 East Paloma
# Ridge Road, Scottsdale, Arizona 85251, and the ... resort hotel ... (collectively, the
# "Hotel")')
# ("This Subcontract shall be governed by the law of the place where the Project is located")
_LAW_OF_ITS_PLACE = re.compile(
    r"laws?\s+of\s+the\s+(?:state|province|jurisdiction|place)\s+(?:in\s+which|where)\s+the\s+"
    r"(?P<name>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2})\s+(?:is|are)\s+(?:located|situated)"
)


# "... in accordance with the laws of the state in which System's principal office is located",
# "the laws of the jurisdiction in which Licensor has its principal office"
_LAW_OF_AN_OFFICE = re.compile(
    r"laws?\s+of\s+the\s+(?:state|province|jurisdiction)\s+(?:in\s+which|where)\s+(?:the\s+)?"
    r"(?P<name>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2})(?:['’]s\s+principal\s+(?:office|place\s+of"
    r"\s+business|executive\s+offices?)\s+(?:is|are)\s+(?:located|situated)"
    r"|\s+(?:has|maintains)\s+its\s+principal\s+(?:office|place\s+of\s+business"
    r"|executive\s+offices?))"
)
_PRINCIPAL_OFFICE = re.compile(r"principal\s+(?:executive\s+)?(?:office|place\s+of\s+business)")
_DESCRIPTION_REACH = 300  # a side's description before its defined term
_OFFICE_REACH = 250  # an office's address after its words, or after the term on a cover page


def _state_of_an_office(text: PreparedText) -> str | None:
    """The US state or Canadian province of a side's principal office, where the law chosen is
    that of the place the office is (`_LAW_OF_AN_OFFICE`): read from the side's description
    around its defined term ('... with its principal office at 900 Ridgeview Parkway,
    Knoxville, Tennessee 37919 ("System")', or a cover page's "Principal office:" under it)."""
    defined = _definition_of_the_named(text, _LAW_OF_AN_OFFICE)
    if defined is None:
        return None
    low = text.low
    # the side's own office: the last one its description names before the term, else the
    # first after it
    before = list(
        _PRINCIPAL_OFFICE.finditer(
            low, max(0, defined.start() - _DESCRIPTION_REACH), defined.start()
        )
    )
    after = _PRINCIPAL_OFFICE.search(low, defined.end(), defined.end() + _OFFICE_REACH)
    office = before[-1] if before else after
    if office is None:
        return None
    return _first_state(low, office.end(), office.end() + _OFFICE_REACH)


def _first_state(low: str, start: int, end: int) -> str | None:
    """The first US state or Canadian province named between start and end."""
    for place in _PLACE_INSIDE.finditer(low, start, end):
        code = _code(place.group())
        if code.startswith(("US-", "CA-")):
            return code
    return None


def _definition_of_the_named(text: PreparedText, law: re.Pattern[str]) -> re.Match[str] | None:
    """Where the contract defines the name a law clause (`law`, its group "name") points to:
    '("System")', '(the "Well")', '(collectively, the "Hotel")'."""
    chosen = law.search(text.low)
    if chosen is None:
        return None
    name = name_pattern(chosen.group("name"))
    return re.search(rf"\((?:[^()\"“]{{0,30}})?[\"“]{name}[\"”]\s*\)", text.low)


def _place_it_stands_in(text: PreparedText) -> str | None:
    """The US state or Canadian province of the thing whose place's law governs
    (`_LAW_OF_ITS_PLACE`), from the sentence that defines the thing."""
    defined = _definition_of_the_named(text, _LAW_OF_ITS_PLACE)
    if defined is None:
        return None
    begin, end = text.sentence_span(defined.start(), defined.end())
    return _first_state(text.low, begin, end)


def _place_under_heading(text: PreparedText) -> str | None:
    """The place a 'Governing Law' section names when it names no law: '13. GOVERNING LAW Any
    lawsuit ... may be initiated in a court located in the Commonwealth of Massachusetts'.

    Only where no sentence chooses a law: a venue is no choice of law, but a section headed as
    one means the place it names first ("in McLean, Virginia ... in San Antonio, Texas").
    """
    low = text.low
    field = _place_field(text)
    if field is not None:
        return field
    for heading in _LAW_HEADING.finditer(low):
        section = low[heading.end() : heading.end() + _SECTION_REACH]
        stop = _NEXT_SECTION.search(section, _SECTION_MIN)
        section = section[: stop.start()] if stop else section
        if _LAW_WORDS_IN.search(section) is None and _PLACE_WORD.search(section) is None:
            continue  # a table of contents' entry, a cross-reference
        first = _PLACE_INSIDE.search(section)
        if first is not None:
            return _code(first.group())
    return None


def _place_field(text: PreparedText) -> str | None:
    """The place a form's field names as the governing law: "Governing Law: State of
    Delaware", or the variable the clause names ("governed by the laws of the Governing
    State", with "Governing State: New York" among the cover page's fields)."""
    low = text.low
    for variable in _GOVERNING_PLACE_FIELD.finditer(low):
        field = _PLACE_FIELD.match(low, variable.end())
        if field is not None:
            return _code(field.group("place"))
    for heading in _LAW_HEADING.finditer(low):
        field = _PLACE_FIELD.match(low, low.find("law", heading.start()) + len("law"))
        if field is not None:
            return _code(field.group("place"))
    return None


def _start(found: re.Match[str]) -> int:
    return found.start()


# "Federal law" with no country: the United States' (another federation's is named: "the
# federal laws of Canada", "German federal law")
_FEDERAL_BEFORE = re.compile(r"(?<![\w.])(?:by|under|with)\s+(?:u\.?s\.?\s+)?federal\s+$")


def _place_of(text: PreparedText, start: int, end: int) -> tuple[str | None, int]:
    """The place a law word names, and how directly: 3 'laws of X', 2 with words between,
    1 pointing back ('the laws thereof')."""
    low = text.low
    after = _PLACE_AFTER.match(low, end)
    if after is not None:
        place = _code(after.group("place"))
        # "the laws of the United States and of the State of Florida": the state is the
        # law of the contract, federal law applies anyway.
        state = _AND_STATE.match(low, after.end()) if place in _FEDERATIONS else None
        if state is not None and _code(state.group("place")).startswith(f"{place}-"):
            return _code(state.group("place")), _NAMES_DIRECTLY
        return place, _NAMES_DIRECTLY
    before = _place_before(low, start)
    if before is not None:
        return before, _NAMES_DIRECTLY
    near = _place_near(low, start, end)
    if near is not None:
        return near, 2
    back = _PLACE_BACK.match(low, end) or _ITS_BEFORE.search(low, max(0, start - 25), start)
    if back:
        # "the laws thereof" looks back; "the laws of the state where suit is filed, being
        # either Illinois or New York" looks ahead. Only a place named as a jurisdiction
        # ("made in the State of California") is pointed back to, not an address ("located in
        # Dallas, Texas"), and "the state in which the Restaurant is located" points ahead only.
        begin, finish = text.sentence_span(start, end)
        named = None
        if not _POINTS_AHEAD.search(back.group()):
            named = next(
                (
                    found
                    for found in _PLACE_INSIDE.finditer(low, begin, start)
                    if not _ADDRESS_BEFORE.search(low, max(0, found.start() - 3), found.start())
                ),
                None,
            )
        named = named or _PLACE_INSIDE.search(low, end, finish)
        if named is not None:
            return _code(named.group()), 1
    return None, 0


# A state misspelt or abbreviated where only a state can stand: "the laws of the State of
# Californa", "... of the Commonwealth of Massachussetts", "the State of N.Y.". Filed
# exhibits keep their drafters' typos; a name this close to one state's is that state.
_STATE_SLOT = re.compile(
    r"\s+(?:of|in)\s+(?:the\s+)?(?:state|commonwealth)\s+of\s+"
    r"(?P<words>[a-z][a-z.]{1,15}(?:[ \t]+[a-z][a-z.]{1,15})?)"
)
_STATE_ABBREVIATIONS = {
    "n.y.": "NY", "cal.": "CA", "calif.": "CA", "ill.": "IL", "mass.": "MA", "pa.": "PA",
    "penn.": "PA", "tex.": "TX", "fla.": "FL", "del.": "DE", "va.": "VA", "wash.": "WA",
    "colo.": "CO", "conn.": "CT", "minn.": "MN", "wis.": "WI", "mich.": "MI", "ariz.": "AZ",
    "nev.": "NV", "okla.": "OK", "ore.": "OR", "tenn.": "TN", "md.": "MD", "n.j.": "NJ",
    "n.c.": "NC", "ky.": "KY", "ala.": "AL", "ind.": "IN", "kan.": "KS", "neb.": "NE",
    "ark.": "AR", "ga.": "GA", "mo.": "MO", "la.": "LA", "s.c.": "SC", "r.i.": "RI",
    "n.h.": "NH", "n.m.": "NM", "w.va.": "WV", "vt.": "VT", "miss.": "MS",
}  # fmt: skip
_STATE_NAMES = tuple(name for name in _US_STATES if "." not in name and "," not in name)
_SPELLING_CUTOFF = 0.85  # "californa", "deleware", "flordia", "newyork"; no other word


def _misspelt_state(low: str, end: int) -> str | None:
    """The state a law's "State of" slot names in a spelling no list holds."""
    slot = _STATE_SLOT.match(low, end)
    if slot is None:
        return None
    words = slot.group("words").split()
    for count in range(len(words), 0, -1):
        written = " ".join(words[:count])
        abbreviated = _STATE_ABBREVIATIONS.get(written)
        if abbreviated is not None:
            return f"US-{abbreviated}"
        close = difflib.get_close_matches(
            written.rstrip("."), _STATE_NAMES, n=1, cutoff=_SPELLING_CUTOFF
        )
        if close:
            return f"US-{_US_STATES[close[0]]}"
    return None


def _place_near(low: str, start: int, end: int) -> str | None:
    """A state named with words between ('the laws in effect in the State of Ohio'), or the
    United States for a bare 'Federal law': "governed by Federal law as applied by the
    Federal courts in the District of Columbia", a federal agency's contract."""
    between = _STATE_AFTER.match(low, end)
    if between is not None:
        return _code(between.group("place"))
    misspelt = _misspelt_state(low, end)
    if misspelt is not None:
        return misspelt
    return "US" if _FEDERAL_BEFORE.search(low, max(0, start - 12), start) else None


def _place_before(low: str, start: int) -> str | None:
    """'Delaware' in 'Delaware law', 'GB' for 'English law': the words just before the law."""
    words = low[max(0, start - _BEFORE_REACH) : start].split()
    if start > _BEFORE_REACH:
        words = words[1:]  # the first may be cut in two
    while words and words[-1] in _QUALIFIERS:
        words.pop()
    if not words:
        return None
    if words[-1] in _ADJECTIVES:
        return _ADJECTIVES[words[-1]]
    for count in range(min(_MAX_PLACE_WORDS, len(words)), 0, -1):
        place = _PLACES.get(" ".join(words[-count:]))
        if place is not None:
            return place
    return _NAMED_BY_A_LAW_ONLY.get(words[-1])


def _code(name: str) -> str:
    """The code of a place name as matched: any spacing, lower case."""
    folded = " ".join(name.split())
    return _PLACES.get(folded) or _NAMED_BY_A_LAW_ONLY[folded]


# The subject of a choice of law that is other agreements, not this one (`_strength`)
# (or the staff's employment under a management contract: "All Hotel employees ... shall be
# employees of Owner, and their employment shall be governed by the labour law of the State of
# Bahrain", the contract itself under English law)
_ANOTHER_AGREEMENT = re.compile(
    r"\b(?:each|every|any|all|such)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:agreements?|contracts?|subcontracts?|sub-?licen[cs]es?|orders?)\b"
    r"|\b(?:their|his|her|its|the)\s+employment\b"
)
_THIS_AGREEMENT = re.compile(r"\bthis\s+(?:[\w-]+\s+){0,3}?(?:agreement|contract)\b")


def _strength(text: PreparedText, start: int, end: int) -> int:
    """2 where the law word's sentence governs the contract, 1 where it applies a law to
    it, 0 otherwise."""
    low = text.low
    far = end + _VERB_AFTER
    # Most law words sit far from any such word: look for one before cutting the sentence.
    if not _ANY_CHOICE.search(low, max(0, start - _VERB_BEFORE - _HEADING_REACH), far):
        return 0
    begin, finish = text.sentence_span(start, end)
    if _HEADING.search(low, max(0, begin - _HEADING_REACH), begin):
        return 2
    near, far = max(begin, start - _VERB_BEFORE), min(finish, far)
    governs = _GOVERNS.search(low, near, far)
    if governs is not None:
        # the law of the agreements it has made under it, not its own: "Each Unit Franchise
        # Agreement ... shall be governed by the laws of the Republic of Chile" under a master
        # agreement governed by Virginia's (a firmer choice still wins)
        subject = low[begin : governs.start()]
        if _ANOTHER_AGREEMENT.search(subject) and not _THIS_AGREEMENT.search(subject):
            return 1
        return 2
    if (
        _APPLIES.search(low, near, far)
        and not _COMPLIANCE.search(low, near, far)
        and _ABOUT_CONTRACT.search(low, near, far)
    ):
        return 1
    return 0


def _russian(text: PreparedText) -> str | None:
    for count, found in enumerate(_RU_EXPLICIT.finditer(text.low)):
        if count >= _MAX_CANDIDATES:
            break
        sentence = text.sentence(found.start(), found.end())
        # the place named first is the law's ("законодательством РФ ... в суде штата Нью-Йорк"),
        # except a federation's, which yields to its state named beside it
        named = sorted(
            (match.start(), code)
            for code, pattern in _RU_PLACES
            if (match := pattern.search(sentence)) is not None
        )
        if named:
            first = named[0][1]
            states = [code for _, code in named if code.startswith(f"{first}-")]
            return states[0] if states else first
    # No choice-of-law clause, but the contract cites Russian statutes: Russian law applies.
    return "RU" if any(pattern.search(text.low) for pattern in _RU_MENTIONS) else None
