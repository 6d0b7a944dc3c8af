"""How prescreen holds when a clause it reads is worded another way: `contract-check rewordings`.

Contracts nobody tuned on say the same things in other words. This check takes the train
split's CUAD spans of a clause (the sentences annotators marked), reads each one alone,
then reads it again reworded the ways drafting commonly varies ("is entitled to terminate"
for "may terminate", "notice in writing" for "written notice", "remit" for "pay",
"consecutive" for "successive", "calendar years" for "years") and counts the spans whose
reading changed. A rule that fits its train wordings loses spans here; one that reads the
meaning does not. Only the train split is read, so the check may guide tuning.

A reading is what the product reports for the span: whether the clause is there (the
rules, as prescreen runs them, without the learned assists), the governing law's
jurisdiction, or the contract's end once the span follows a preamble that dates the
contract. A rewording that leaves a span unchanged does not count it.

The preambles are checked the other way round (`preamble_check`): train's real party names
(two companies named in a contract's "Parties" spans) set into preambles of our own in the
forms contracts use ("made and entered into as of ... by and between", "BETWEEN: (1) ...
(2) ...", "Party A: / Party B:", all capitals, the date after the sides), each read for
both sides and its date.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from chalicelib.evaluation.labels import read_labelled
from chalicelib.evaluation.matching import names_match
from chalicelib.prescreen.clauses import find_clauses
from chalicelib.prescreen.contract_dates import find_contract_dates
from chalicelib.prescreen.governing_law import find_governing_law
from chalicelib.prescreen.parties_en import find_parties_en
from chalicelib.prescreen.renewal_option import find_renewal_option
from chalicelib.prescreen.text import prepare_text

Rewording = Callable[[str], str]
Reader = Callable[[str], object]

_NUMBER_WORD = (
    r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty"
    r"|forty|fifty|sixty|seventy|eighty|ninety|hundred)"
)
_NUMBER_WITH_DIGITS = re.compile(
    rf"\b{_NUMBER_WORD}(?:[- ]{_NUMBER_WORD})*\s*\((\d+)\)", re.IGNORECASE
)
_TERMINATE = {"e": "cancel", "ed": "cancelled", "es": "cancels", "ion": "cancellation"}
_MONTH_DAY_YEAR = re.compile(
    r"\b(January|February|March|April|May|June|July|August|September|October|November|December)"
    r" (\d{1,2}), (\d{4})"
)
_MONTHS_SPELLED = {
    12: "twelve",
    24: "twenty-four",
    36: "thirty-six",
    60: "sixty",
    120: "one hundred twenty",
}
_YEARS_WITH_DIGITS = re.compile(r"\b[a-z]+ \((1|2|3|5|10)\) years?\b")


def _months_for_years(text: str) -> str:
    """ "five (5) years" as "sixty (60) months"."""

    def months(match: re.Match[str]) -> str:
        count = int(match[1]) * 12
        return f"{_MONTHS_SPELLED[count]} ({count}) months"

    return _YEARS_WITH_DIGITS.sub(months, text)


def _ordinal(day: str) -> str:
    if day in ("11", "12", "13"):
        return day + "th"
    return day + {"1": "st", "2": "nd", "3": "rd"}.get(day[-1], "th")


def _nth_day_of(text: str) -> str:
    """ "December 31, 2020" as "the 31st day of December, 2020"."""
    return _MONTH_DAY_YEAR.sub(lambda m: f"the {_ordinal(m[2])} day of {m[1]}, {m[3]}", text)


def _curly_quotes(text: str) -> str:
    """'"Term"' as '“Term”', as word processors write quotes."""
    pieces = text.split('"')
    return "".join(
        piece + ("" if at == len(pieces) - 1 else "“" if at % 2 == 0 else "”")
        for at, piece in enumerate(pieces)
    )


def _sub(pattern: str, replacement: str, *, flags: int = 0) -> Rewording:
    compiled = re.compile(pattern, flags)
    return lambda text: compiled.sub(replacement, text)


# Each rewording keeps the meaning; the pattern it changes is what drafting varies.
REWORDINGS: dict[str, Rewording] = {
    "cancel for terminate": lambda text: re.sub(
        r"\bterminat(e|ed|es|ion)\b", lambda m: _TERMINATE[m.group(1)], text
    ),
    "Contract for Agreement": _sub(r"\bAgreement\b", "Contract"),
    "this Master Services Agreement": _sub(r"\bthis Agreement\b", "this Master Services Agreement"),
    "will for shall": _sub(r"\bshall\b", "will"),
    "shall have the right to terminate": _sub(
        r"\bmay terminate\b", "shall have the right to terminate"
    ),
    "is entitled to terminate": _sub(r"\bmay terminate\b", "is entitled to terminate"),
    "digits for spelled numbers": lambda text: _NUMBER_WITH_DIGITS.sub(r"\1", text),
    "spelled numbers alone": _sub(r"\s+\(\d+\)", ""),
    "notice in writing": _sub(r"written notice", "notice in writing"),
    "notification for notice": _sub(r"\bnotice\b", "notification"),
    "may elect to terminate": _sub(r"\bmay terminate\b", "may elect to terminate"),
    "for its convenience": _sub(r"\bfor convenience\b", "for its convenience"),
    "end for terminate this Agreement": _sub(r"\bterminate this Agreement\b", "end this Agreement"),
    "without reason for without cause": _sub(r"\bwithout cause\b", "without reason"),
    "for any or no reason": _sub(
        r"\bfor any reason\b(?! or no reason| other)", "for any or no reason"
    ),
    "advance for prior": _sub(r"\bprior\b", "advance"),
    "any party for either party": _sub(r"\b[Ee]ither [Pp]arty\b", "any party"),
    "remit for pay": _sub(r"\bpay\b", "remit"),
    "extend for renew": lambda text: re.sub(
        r"\brenew(ed|s|al)?\b",
        lambda m: {None: "extend", "ed": "extended", "s": "extends", "al": "extension"}[m.group(1)],
        text,
    ),
    "consecutive for successive": _sub(r"\bsuccessive\b", "consecutive"),
    "further for successive": _sub(r"\bsuccessive\b", "further"),
    "additional for successive": _sub(r"\bsuccessive\b", "additional"),
    "expiry for expiration": _sub(r"\bexpiration\b", "expiry"),
    "terminate for expire": _sub(r"\bexpire\b", "terminate"),
    "construed in accordance with": _sub(
        r"(?:shall be |will be |is )?governed by(?: and construed in accordance with)?",
        "shall be construed in accordance with",
    ),
    "laws of the United States and a state": _sub(
        r"laws of the United States(?: of America)? and (?:of )?the State of",
        "laws of the United States and",
    ),
    "law for laws": _sub(r"\blaws\b", "law"),
    "for instead of for a period of": _sub(r"for a (?:period|term) of ", "for "),
    "a period of N years": _sub(r"\((\d+)\) years", r"(\1)-year period"),
    "starting for commencing": _sub(r"\bcommencing\b", "starting"),
    "begin on for commence on": _sub(r"\bcommence on\b", "begin on"),
    # only before what can be run through: a date, a day, the end of something
    "through for until": _sub(
        r"\buntil(?=\s+(?:the\s+)?(?:\d|[A-Z]|end\b|expir|last\b))", "through"
    ),
    "calendar years": _sub(r"\) years\b", ") calendar years"),
    "Commencement Date for Effective Date": _sub(r"Effective Date", "Commencement Date"),
    "the Nth day of a month": _nth_day_of,
    "at midnight on": _sub(r"\b(expire|terminate|end)(s?) on\b", r"\1\2 at midnight on"),
    "original term for initial term": _sub(r"\b[Ii]nitial [Tt]erm\b", "original term"),
    "deemed renewed": _sub(r"\b(shall|will) automatically renew\b", r"\1 be deemed renewed"),
    "liquidated and agreed damages": _sub(
        r"\bliquidated damages\b", "liquidated and agreed damages"
    ),
    "is subject to the laws": _sub(
        r"(?:shall|will) be governed by(?: and construed in accordance with)? the laws",
        "is subject to the laws",
    ),
    "may, at its option, terminate": _sub(r"\bmay terminate\b", "may, at its option, terminate"),
    "may unilaterally terminate": _sub(r"\bmay terminate\b", "may unilaterally terminate"),
    "at any time during the Term": _sub(r"\bat any time\b", "at any time during the Term"),
    "may, in its sole discretion, terminate": _sub(
        r"\bmay terminate\b", "may, in its sole discretion, terminate"
    ),
    "either of the parties": _sub(r"\b[Ee]ither [Pp]arty\b", "either of the parties"),
    "until and including": _sub(r"\buntil (?=[A-Z][a-z]+ \d)", "until and including "),
    "lapse for expire": _sub(r"\bshall expire\b", "shall lapse"),
    "months for years": _months_for_years,
    "anniversary date": _sub(r"\banniversary of\b", "anniversary date of"),
    "date of execution for Effective Date": _sub(
        r"\bthe Effective Date\b", "the date of execution of this Agreement"
    ),
    "date first written above for Effective Date": _sub(
        r"\bthe Effective Date\b", "the date first written above"
    ),
    "run for continue for": _sub(r"\bcontinue for\b", "run for"),
    "automatically on": _sub(r"\b(expire|terminate)(s?) on\b", r"\1\2 automatically on"),
    "for whatever reason": _sub(r"\bfor any reason\b", "for whatever reason"),
    "shall have the option to terminate": _sub(
        r"\bmay terminate\b", "shall have the option to terminate"
    ),
    "stipulated damages": _sub(r"\bliquidated damages\b", "stipulated damages"),
    "agreed damages": _sub(r"\bliquidated damages\b", "agreed damages"),
    "31 December 2020 for December 31, 2020": _sub(_MONTH_DAY_YEAR.pattern, r"\2 \1 \3"),
    "curly quotes": _curly_quotes,
    "upper case": str.upper,
    "renew automatically": _sub(r"\b(shall|will) automatically renew\b", r"\1 renew automatically"),
    "periods of one year": _sub(
        r"\bsuccessive (\w+ \(\d+\))[- ]year (period|term)s\b", r"successive \2s of \1 year"
    ),
    "from year to year": _sub(r"\byear[- ]to[- ]year\b", "from year to year"),
    "after that for thereafter": _sub(r"\bthereafter\b", "after that"),
    "remain for continue": _sub(r"\bcontinue in (full )?force\b", r"remain in \1force"),
    "following for from the Effective Date": _sub(
        r"\bfrom the Effective Date\b", "following the Effective Date"
    ),
    "hereinafter the Initial Term": _sub(
        r'\(the "Initial Term"\)', '(hereinafter the "Initial Term")'
    ),
    "end on for expire on": _sub(r"\bexpire on\b", "end on"),
    "governed by and construed under": _sub(
        r"\bgoverned by(?: and construed in accordance with)? the laws of\b",
        "governed by, and construed under, the laws of",
    ),
    "State of X law": _sub(
        r"\bthe laws of the State of ([A-Z][a-z]+)\b", r"the law of the State of \1"
    ),
    "by way of liquidated damages": _sub(
        r"\bas liquidated damages\b", "by way of liquidated damages"
    ),
    "and not a penalty": _sub(r"\band not as a penalty\b", "and not a penalty"),
    "forthwith for immediately": _sub(r"\bimmediately\b", "forthwith"),
    "prior written notice of at least": _sub(
        r"\bupon (\w+ \(\d+\) days)'? prior written notice\b",
        r"upon prior written notice of at least \1",
    ),
}

# Rewordings that keep the meaning only in some clauses: a term "cancels" on no date.
ONLY: dict[str, frozenset[str]] = {
    "cancel for terminate": frozenset(
        {"Termination For Convenience", "Liquidated Damages", "Renewal Term"}
    ),
    # plain drafting's "end" for the grant of a right; a term that "ends" is read elsewhere
    "end for terminate this Agreement": frozenset({"Termination For Convenience"}),
    # a right to end a contract is no end of its term: only where the term itself expires
    "terminate for expire": frozenset({"Expiration Date"}),
    # the preamble before an end dates the contract by all three names
    "date of execution for Effective Date": frozenset({"Expiration Date"}),
    "date first written above for Effective Date": frozenset({"Expiration Date"}),
}

# The contract a span is read in, dated in {year} (2010 unless the span writes earlier years).
_PREAMBLE = (
    'This Services Agreement (the "Agreement") is made as of January 15, {year} (the "Effective '
    'Date") by and between Acme Widgets, Inc. ("Acme") and Beta Foods LLC ("Beta").\n\n'
    "1. Services. Acme shall provide the services listed in Exhibit A to Beta.\n\n2. Term. "
)
_AFTER = "\n\n3. Fees. Beta shall pay the fees listed in Exhibit B."


def _clause(name: str) -> Reader:
    def read(span: str) -> object:
        flag = find_clauses(prepare_text(span), ("en",), can_judge=False, clauses=(name,))[name]
        return bool(flag and flag.present)

    return read


def _renewal(span: str) -> object:
    text = prepare_text(span)
    automatic = find_clauses(text, ("en",), can_judge=False, clauses=("auto_renewal",))
    option = find_renewal_option(text, can_judge=False)
    return bool(
        (automatic["auto_renewal"] and automatic["auto_renewal"].present)
        or (option and option.present)
    )


def _law(span: str) -> object:
    return find_governing_law(prepare_text(span))


_YEARS = re.compile(r"\b(?:19[5-9]\d|20\d\d)\b")
_PREAMBLE_YEAR = 2010


def _end(span: str) -> object:
    # the preamble dates the contract a year before the span's first year, so an end the
    # span writes is never one the contract's own start has left behind
    years = [int(year) for year in _YEARS.findall(span)]
    preamble = _PREAMBLE.format(year=min(years) - 1 if years else _PREAMBLE_YEAR)
    return find_contract_dates(prepare_text(preamble + span + _AFTER), english=True).ends_on


# CUAD category: how its spans are read.
READERS: dict[str, Reader] = {
    "Termination For Convenience": _clause("unilateral_termination"),
    "Liquidated Damages": _clause("penalty"),
    "Renewal Term": _renewal,
    "Governing Law": _law,
    "Expiration Date": _end,
}


@dataclass(frozen=True)
class Lost:
    """A span whose reading a rewording changed."""

    document: str
    reworded: str
    before: object
    after: object


def train_spans(corpus: Path) -> dict[str, list[tuple[str, str]]]:
    """Each read category's spans in the train split's contracts: (file name, span text)."""
    train = {Path(d.name).name for d in read_labelled(corpus) if d.split == "train"}
    spans: dict[str, list[tuple[str, str]]] = {category: [] for category in READERS}
    with (corpus / "spans.jsonl").open(encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            name = Path(row["file"]).name
            if name not in train:
                continue
            for category, found in spans.items():
                found += [
                    (name, " ".join(span.split()).replace("<omitted>", " "))
                    for span in row["spans"].get(category) or []
                ]
    return spans


def check(corpus: Path) -> dict[str, Any]:
    """Per category: how many spans it has and reads, and per rewording the spans it
    changed and those whose reading it changed (`Lost`)."""
    report: dict[str, Any] = {}
    for category, spans in train_spans(corpus).items():
        read = READERS[category]
        readings = [(name, span, read(span)) for name, span in spans]
        understood = [(name, span, value) for name, span, value in readings if value]
        rewordings: dict[str, Any] = {}
        for label, reword in REWORDINGS.items():
            if category not in ONLY.get(label, frozenset(READERS)):
                continue
            changed, lost = 0, []
            for name, span, value in understood:
                reworded = reword(span)
                if reworded == span:
                    continue
                changed += 1
                after = read(reworded)
                if after != value:
                    lost.append(Lost(name, reworded, value, after))
            if changed:
                rewordings[label] = {"changed": changed, "lost": lost}
        report[category] = {"spans": len(spans), "read": len(understood), "rewordings": rewordings}
    return report


def render(report: dict[str, Any], *, examples: int = 0) -> str:
    """The check as a table: each category, then each rewording that touched its spans."""
    lines: list[str] = []
    for category, data in report.items():
        lines += ["", f"{category}: {data['read']} of {data['spans']} train spans read"]
        for label, result in data["rewordings"].items():
            lost = result["lost"]
            lines.append(f"  {label:<42}{result['changed']:>5} reworded{len(lost):>5} lost")
            lines += [f"      {item.reworded[:160]}" for item in lost[:examples]]
    return "\n".join(lines).lstrip("\n")


# Preambles of our own; {a} and {b} are two sides' names, {A} and {B} the same in capitals.
PREAMBLES: dict[str, str] = {
    "as of, by and between": 'This Supply Agreement (the "Agreement") is made and entered into as '
    'of March 1, 2015 by and between {a}, a Delaware corporation ("Seller"), and {b}, a '
    'California limited liability company ("Buyer").',
    "dated, BETWEEN (1) (2)": "THIS SUPPLY AGREEMENT is dated 1 March 2015 and is made BETWEEN:\n"
    "(1) {a}, a company incorporated in England and Wales whose registered office is at 1 High "
    'Street, London (the "Seller"); and\n(2) {b}, a company incorporated in Ireland whose '
    'registered office is at 2 Main Street, Dublin (the "Buyer").',
    "hereinafter": "SUPPLY AGREEMENT\n\nThis agreement is entered into on March 1, 2015 between "
    '{a} (hereinafter referred to as "Seller") and {b} (hereinafter referred to as "Buyer").',
    "effective, by and among": 'This Supply Agreement ("Agreement"), effective March 1, 2015 (the '
    '"Effective Date"), is by and among {a} ("Seller") and {b} ("Buyer").',
    "day of, with offices at": "AGREEMENT made this 1st day of March, 2015, between {a}, with "
    'offices at 10 Main Street, Boston, Massachusetts ("Seller"), and {b}, with offices at 20 '
    'Elm Street, Austin, Texas ("Buyer").',
    "Parties: heading": "SUPPLY AGREEMENT\n\nDate: March 1, 2015\n\nParties:\n1. {a} "
    '("Seller")\n2. {b} ("Buyer")\n\nThe parties agree as follows:',
    "BETWEEN: / AND:": "THIS SUPPLY AGREEMENT is made on March 1, 2015\n\nBETWEEN:\n\n{a}, a "
    'Nevada corporation (hereinafter the "Seller")\n\nAND:\n\n{b}, a Texas corporation '
    '(hereinafter the "Buyer")',
    "made by, date after": "This Supply Agreement is made by {a}, a Delaware corporation (the "
    '"Seller"), and {b}, a New York corporation (the "Buyer"), as of March 1, 2015.',
    "Party A / Party B": "SUPPLY AGREEMENT\n\nParty A: {a}\nAddress: 1 Main Street, Shanghai\n\n"
    "Party B: {b}\nAddress: 2 Main Street, Beijing\n\nParty A and Party B enter into this "
    "Agreement on March 1, 2015.",
    "all capitals": "THIS SUPPLY AGREEMENT IS MADE AND ENTERED INTO AS OF MARCH 1, 2015 BY AND "
    'BETWEEN {A}, A DELAWARE CORPORATION ("SELLER"), AND {B}, A CALIFORNIA CORPORATION '
    '("BUYER").',
    "and its Affiliates": 'This Supply Agreement (this "Agreement") is entered into as of March '
    '1, 2015 (the "Effective Date") by and between {a} and its Affiliates ("Seller") and {b} '
    '("Buyer").',
    "by A in favor of B": "This Guaranty Agreement is entered into as of March 1, 2015 (the "
    '"Effective Date") by {a} ("Guarantor") in favor of {b} ("Lender").',
    "by A with B": 'This Supply Agreement (this "Agreement") is entered into on March 1, 2015 '
    'by {a} ("Seller") with {b} ("Buyer").',
    "date, then BY / AND": 'THIS AGREEMENT is made on March 1, 2015 BY {A} (the "Seller") AND '
    '{B} (the "Buyer").',
    "whose principal place": "This Agreement is made on 1 March 2015 between {a} whose principal "
    'place of business is at 1 Main Street, Toronto, Ontario (the "Seller") and {b} whose '
    'principal place of business is at 2 Bay Street, Toronto, Ontario (the "Buyer").',
}
PREAMBLE_DATE = date(2015, 3, 1)
_PREAMBLE_BODY = (
    "\n\nWHEREAS, the Seller makes the products and the Buyer wishes to buy them;\n\nNOW, "
    "THEREFORE, the parties agree as follows:\n\n1. Supply. The Seller shall supply the "
    "products listed in Exhibit A to the Buyer.\n\n2. Price. The Buyer shall pay the prices "
    "listed in Exhibit B.\n"
)
# A company's name, not a role: two words at least, the last a legal form.
_COMPANY = re.compile(
    r"\s(?:inc|llc|l\.l\.c|ltd|limited|corporation|corp|company|co|s\.a|gmbh|l\.p|lp|plc"
    r"|n\.v|b\.v|ag|trust|bank|partners)\.?$",
    re.IGNORECASE,
)


def train_party_pairs(corpus: Path) -> list[tuple[str, str]]:
    """Two companies' names from each train contract's "Parties" spans, where it has two."""
    train = {Path(d.name).name for d in read_labelled(corpus) if d.split == "train"}
    pairs: list[tuple[str, str]] = []
    with (corpus / "spans.jsonl").open(encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            if Path(row["file"]).name not in train:
                continue
            names: list[str] = []
            for span in row["spans"].get("Parties") or []:
                name = " ".join(span.split()).strip(' ,;."“”')
                company = 4 < len(name) < 70 and bool(_COMPANY.search(name))
                if company and not any(names_match(name, known) for known in names):
                    names.append(name)
            if len(names) >= 2:
                pairs.append((names[0], names[1]))
    return pairs


def preamble_check(corpus: Path) -> dict[str, dict[str, Any]]:
    """Per preamble form: how many of train's pairs of names it held, and of those how many
    were read as exactly the two sides, and how many with the preamble's date."""
    pairs = train_party_pairs(corpus)
    report: dict[str, dict[str, Any]] = {}
    for form, template in PREAMBLES.items():
        sides = dated = 0
        missed: list[tuple[str, str, tuple[str, ...]]] = []
        for a, b in pairs:
            filled = template.format(a=a, b=b, A=a.upper(), B=b.upper()) + _PREAMBLE_BODY
            text = prepare_text(filled)
            found = tuple(party.name for party in find_parties_en(text))
            both = len(found) == 2 and all(
                any(names_match(name, side) for side in found) for name in (a, b)
            )
            sides += both
            if not both:
                missed.append((a, b, found))
            dated += find_contract_dates(text, english=True).signed_on == PREAMBLE_DATE
        report[form] = {"pairs": len(pairs), "sides": sides, "dated": dated, "missed": missed}
    return report


def render_preambles(report: dict[str, dict[str, Any]], *, examples: int = 0) -> str:
    """The preamble check as a table: each form, its pairs read and dated."""
    lines = ["Preambles of our own with train's party names: both sides read, date read"]
    for form, data in report.items():
        pairs = data["pairs"]
        lines.append(f"  {form:<30}{data['sides']:>5} of {pairs}{data['dated']:>6} of {pairs}")
        lines += [f"      {a} | {b} -> {found}" for a, b, found in data["missed"][:examples]]
    return "\n".join(lines)
