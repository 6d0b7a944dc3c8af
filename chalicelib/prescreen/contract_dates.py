"""Which date of a contract is its signing, its start and its end."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from chalicelib.prescreen.contract_term import add_months, end_from_term
from chalicelib.prescreen.dates import FoundDate, find_dates

if TYPE_CHECKING:
    from datetime import date

    from chalicelib.prescreen.text import PreparedText

_SIGNATURE_REACH = 6000
_SIGNATURE_DATE_BEFORE = re.compile(r"(?:\bdate|дата)\s*:{1,2}\s*$")
# The signature block: "IN WITNESS WHEREOF ... Date: 5/11/2016", wherever exhibits push it.
_WITNESS = re.compile(r"in\s+witness\s+whereof")
_WITNESS_REACH = 2500
_HEADER_REACH = 1500
_WINDOW = 110
_SIGNED_REACH = 4000  # a preamble date; later "dated" dates belong to other documents


@dataclass(frozen=True)
class ContractDates:
    """The dates a contract is signed, takes effect and ends."""

    signed_on: date | None = None
    starts_on: date | None = None
    ends_on: date | None = None


_SIGNED_BEFORE = re.compile(
    r"(?:\bdated|\bmade|\bentered\s+into|\bexecuted|\bsigned)"
    r"(?:\s+(?:and\s+)?(?:effective|entered\s+into|made))?(?:\s+(?:as\s+of|on|this)){0,2}"
    r"(?:\s+the)?\s*$"
    r"|дата(?:\s+(?:подписания|заключения)(?:\s+(?:договора|контракта|соглашения))?)?\s*[:\-–—]?\s*$"
)
# "This Agreement ... dated", "AGREEMENT dated" opening a line: the document dates itself.
_SELF_REFERENCE = re.compile(
    r"\bthis\s+[^.]{0,60}?(?:agreement|amendment|contract)|(?:^|\n)\s*(?:[\w-]+\s+){0,3}agreement[\s,]+dated"
    r"|дата"
)
_TITLE_REACH = 400
_REFERENCE_BEFORE = re.compile(
    r"\b(?:the|that\s+certain|said|such|an?)\s[^.()]{0,80}?agreement"
    r"(?:\s+(?:no\.?|number)\s*[\w-]+)?,?\s+dated(?:\s+as\s+of)?\s*$"
)
_START_BEFORE = re.compile(
    r"(?:вступ\w*\s+в\s+силу|действу\w*|срок\w*(?:\s+[а-яё]+){0,3})\s+с\s*$"
    r"|дата\s+вступления\s+в\s+силу\s*[:\-–—]?\s*$"
    r"|начал\w*\s+(?:оказания|выполнения|поставки|действия|срока)(?:\s+[а-яё]+){0,2}\s*[:\-–—]?\s*$"
    r"|(?:\beffective|\bcommenc\w*|\bbeginning|\bstarting|with\s+effect\s+from)"
    r"(?:\s+(?:as\s+of|on|from))?(?:\s+the)?\s*$"
)
_START_AFTER = re.compile(r"^\s*\)?\s*,?\s*\(?\s*(?:the\s+|this\s+)?[“\"‘']*effective\s+date")
_END_BEFORE = re.compile(
    r"(?:окончани\w*|завершени\w*|истечени\w*)(?:\s+[а-яё]+){0,3}\s*[:\-–—]?\s*$"
    r"|(?:действу\w*|действия|срок\w*)(?:\s+[а-яё]+){0,3}\s+до\s*$"
    r"|(?:\bexpir\w*|\bterminat\w*|\bending|\bend)(?:\s+(?:on|at|as\s+of))?(?:\s+the)?\s*$"
)
# An end date must end the contract itself, not one right or period inside it.
_END_CONTEXT = re.compile(
    r"this\s+(?:[\w-]+\s+){0,3}?agreement|the\s+(?:initial\s+)?term\s+(?:of\s+this|hereof|shall)"
    r"|effective\s+until|in\s+(?:full\s+)?(?:force|effect)\s+until"
    r"|договор|контракт|соглашени"
)
_PERIOD_CONTEXT = re.compile(r"оказани|выполнени|поставк|services|work|deliver")
_NOT_CONTRACT_END = re.compile(r"exclusiv|warrant|гаранти|licen[cs]e\s+to|right\s+to")
# "с X по Y", "from X until Y": the second date of a range ends it.
_RANGE_END_BEFORE = re.compile(r"(?:\bпо|\bдо|\bto|\buntil|\bthrough)\s*$")
_TERM_WORDS = re.compile(r"действ|срок|вступ|term\b|effect|expire|continue|remain|force")
# Dates in the header that do not date this document: an edition, a statute, a power of attorney.
_NOT_SIGNING = re.compile(
    r"редакц|ред\.|закон|протокол|приказ|постановлени|доверенност|утвержд|вступлени|в силу"
    r"|обновл|amend|restated"
)
# The contract says it takes effect when signed: then the start is the signing date.
_EFFECTIVE_ON_SIGNING = re.compile(
    r"вступает\s+в\s+силу\s+с\s+(?:момента|даты|дня)\s+(?:его\s+|ее\s+|её\s+)?подписания"
    r"|(?:действ|заключ)\w*\s+(?:сроком\s+на|на\s+срок|в\s+течение)\s[^.]{1,60}?\s+с\s+"
    r"(?:момента|даты|дня)\s+(?:его\s+|ее\s+|её\s+)?(?:подписания|заключения)"
    r"|effective\s+(?:upon|on|as\s+of)\s+(?:the\s+date\s+of\s+)?(?:its\s+)?(?:execution|signature)"
    r"|effective\s+as\s+of\s+the\s+date\s+(?:first\s+)?(?:written|set\s+forth)\s+above"
)
# The effective date is defined as the day the last party signs: the latest signature date.
_EFFECTIVE_ON_LAST_SIGNATURE = re.compile(
    r"effective\s+date\W{0,3}\s+(?:of\s+this\s+agreement\s+)?(?:shall\s+mean|means|shall\s+be|is)"
    r"\s+the\s+(?:date|day)\s+(?:on\s+which\s+|that\s+|when\s+|of\s+)?"
    r"(?:(?:this\s+agreement\s+(?:is|has\s+been)\s+(?:signed|executed)\s+by\s+)?the\s+last"
    r"|(?:the\s+)?(?:last|final)\s+signature"
    r"|this\s+agreement\s+(?:is|has\s+been)\s+(?:fully\s+)?(?:signed|executed)\s+by\s+(?:both|all))"
)
# A line that opens with a date and goes on with the title ("May 3, 2016 LICENSE AGREEMENT"):
# the date heads the document and dates it.
_TITLE_AFTER_DATE = re.compile(
    r"\s*[A-Z][A-Z0-9 ,.&'’()/-]{0,80}?\b(?:AGREEMENT|CONTRACT|AMENDMENT)\b"
)
# A term of a single year or month without a number: "for an initial term of year".
_SINGLE_TERM = re.compile(
    r"term\s+of\s+(?:a\s+|one\s+)?(?:\(1\)\s+)?(?:calendar\s+)?(?P<unit>year|month)\b(?!s)"
)
_SETS_CONTRACT_TERM = re.compile(
    r"this\s+(?:[\w-]+\s+){0,3}?agreement\s+(?:shall|will)\s+(?:commence|continue|remain|be\s+in)"
)
_NOT_CONTRACT_TERM = re.compile(r"confidential|warrant|exclusiv|surviv")
_MAX_SINGLE_TERMS = 20
_PARTY_ANCHOR = re.compile(r"именуем|с одной стороны|заключили|by and between|\bbetween\b")


def find_contract_dates(text: PreparedText, *, english: bool = False) -> ContractDates:
    """Signing, start and end dates by the words around each date; unknown ones stay None."""
    signed = starts = ends = None
    period_end = None  # the end of the works or services, when the contract's own is not given
    previous: tuple[FoundDate, str] | None = None
    dates = find_dates(text.low, english=english)
    for found in dates:
        # «01» марта 2023 г.: the opening quote belongs to the date, not to the words before it
        before = _clause_before(text.low, found.start).rstrip('«"“„ ')
        after = text.low[found.end : found.end + 40]
        role = _role_of(before, after, previous, found)
        if role in {"signed", "signed+start"} and not _dates_this_document(before, found.start):
            role = None  # the date of another agreement this one refers to
        if role == "end":
            ending = _what_it_ends(text, found.start, found.end)
            if ending == "period" and period_end is None:
                period_end = found.value
            if ending != "contract":
                role = None  # a period inside the contract, an exclusivity or a warranty
        if role in {"signed", "signed+start"} and signed is None and found.start < _SIGNED_REACH:
            signed = found.value
        if role in {"start", "signed+start"} and starts is None:
            starts = found.value
        if role == "end" and ends is None:
            ends = found.value
        previous = (found, role or "")
    if signed is None:
        signed = (
            _header_date(text, dates)
            or (_title_date(text, dates) if english else None)
            or _last_signature_date(text, dates)
        )
    if starts is None:
        starts = _start_by_definition(text, dates, signed, english=english)
    ends = ends or period_end
    if ends is None and starts is not None:
        ends = end_from_term(text, starts) or (
            _end_of_single_term(text, starts) if english else None
        )
    return ContractDates(signed_on=signed, starts_on=starts, ends_on=ends)


def _start_by_definition(
    text: PreparedText, dates: list[FoundDate], signed: date | None, *, english: bool
) -> date | None:
    """The start when no date is called the start: the last signature, or the signing date."""
    if english and _EFFECTIVE_ON_LAST_SIGNATURE.search(text.low):
        last = _last_signature_date(text, dates)
        if last is not None:
            return last
    if signed is not None and _EFFECTIVE_ON_SIGNING.search(text.low):
        return signed
    # English drafting: an agreement with no effective-date clause is effective on its date.
    return signed if english else None


def _clause_before(low: str, position: int) -> str:
    """Up to _WINDOW characters before position, from the start of their sentence or item."""
    window = low[max(0, position - _WINDOW) : position]
    cut = max(window.rfind(". "), window.rfind(";"), window.rfind("\n\n"), window.rfind(".\n"))
    return window[cut + 1 :] if cut != -1 else window


def _what_it_ends(text: PreparedText, start: int, end: int) -> str | None:
    """'contract' when the sentence ends the contract itself, 'period' when it ends the works
    or services inside it ("срок выполнения работ: с … по …"), None for anything else."""
    begin, finish = text.sentence_span(start, end)
    context = text.low[begin:finish]
    if _NOT_CONTRACT_END.search(context):
        return None
    if _END_CONTEXT.search(context):
        return "contract"
    return "period" if _PERIOD_CONTEXT.search(context) else None


def _dates_this_document(before: str, position: int) -> bool:
    """True when the words before a 'dated' date name this document, not another one."""
    if _REFERENCE_BEFORE.search(before):
        return False
    return position < _TITLE_REACH or bool(_SELF_REFERENCE.search(before))


def _role_of(
    before: str, after: str, previous: tuple[FoundDate, str] | None, found: FoundDate
) -> str | None:
    signed = _SIGNED_BEFORE.search(before)
    # "dated as of" / "entered into as of" names the effective date by convention.
    as_of = signed is not None and "as of" in signed.group(0)
    start = as_of or bool(_START_BEFORE.search(before) or _START_AFTER.search(after))
    if signed is not None:
        return "signed+start" if start else "signed"
    if start:
        return "start"
    return "end" if _is_end(before, previous, found) else None


def _is_end(before: str, previous: tuple[FoundDate, str] | None, found: FoundDate) -> bool:
    if _END_BEFORE.search(before):
        return True
    if not _RANGE_END_BEFORE.search(before):
        return False
    in_range = (
        previous is not None
        and previous[1] in {"start", "signed+start"}
        and found.start - previous[0].end < 40
    )
    return in_range or bool(_TERM_WORDS.search(before))


def _header_date(text: PreparedText, dates: list[FoundDate]) -> date | None:
    """The date beside the city in a Russian header ('г. Москва 25.06.2024 г.')."""
    anchor = _PARTY_ANCHOR.search(text.low, 0, _HEADER_REACH)
    limit = anchor.start() if anchor else _HEADER_REACH
    for found in dates:
        if found.end > limit:
            break
        line_start = text.low.rfind("\n", 0, found.start) + 1
        line_end = text.low.find("\n", found.end)
        line = text.low[line_start : line_end if line_end != -1 else len(text.low)]
        if len(" ".join(line.split())) > 120:
            continue
        if _NOT_SIGNING.search(text.low, max(0, found.start - 80), found.start):
            continue
        return found.value
    return None


def _last_signature_date(text: PreparedText, dates: list[FoundDate]) -> date | None:
    """The latest 'Date: ...' under the signatures: a contract is made when the last side signs."""
    tail_start = max(0, len(text.low) - _SIGNATURE_REACH)
    witness = _WITNESS.search(text.low)
    block = (witness.start(), witness.start() + _WITNESS_REACH) if witness else (-1, -1)
    signatures = [
        found.value
        for found in dates
        if (found.start >= tail_start or block[0] <= found.start < block[1])
        and _SIGNATURE_DATE_BEFORE.search(text.low, max(0, found.start - 20), found.start)
    ]
    return max(signatures) if signatures else None


def _title_date(text: PreparedText, dates: list[FoundDate]) -> date | None:
    """A date opening a line that goes on with the title: 'May 3, 2016 LICENSE AGREEMENT'."""
    for found in dates:
        if found.start >= _SIGNED_REACH:
            break
        line_start = text.norm.rfind("\n", 0, found.start) + 1
        if text.norm[line_start : found.start].strip(" #*"):
            continue  # the date is not what the line opens with
        if _TITLE_AFTER_DATE.match(text.norm, found.end):
            return found.value
    return None


def _end_of_single_term(text: PreparedText, start: date) -> date | None:
    """Start plus one year (or month) for a term that names its unit in the singular."""
    for count, found in enumerate(_SINGLE_TERM.finditer(text.low)):
        if count >= _MAX_SINGLE_TERMS:
            break
        if found.start() and text.low[found.start() - 1].isalpha():
            continue  # "determ of", not a term
        begin, _ = text.sentence_span(found.start(), found.end())
        sentence = text.low[begin : found.end()]
        if _SETS_CONTRACT_TERM.search(sentence) and not _NOT_CONTRACT_TERM.search(sentence):
            return add_months(start, 12 if found.group("unit") == "year" else 1)
    return None
