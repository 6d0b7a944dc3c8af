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
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from chalicelib.evaluation.labels import read_labelled
from chalicelib.prescreen.clauses import find_clauses
from chalicelib.prescreen.contract_dates import find_contract_dates
from chalicelib.prescreen.governing_law import find_governing_law
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


def _sub(pattern: str, replacement: str, *, flags: int = 0) -> Rewording:
    compiled = re.compile(pattern, flags)
    return lambda text: compiled.sub(replacement, text)


# Each rewording keeps the meaning; the pattern it changes is what drafting varies.
REWORDINGS: dict[str, Rewording] = {
    "cancel for terminate": lambda text: re.sub(
        r"\bterminat(e|ed|es|ion)\b", lambda m: _TERMINATE[m.group(1)], text
    ),
    "Contract for Agreement": _sub(r"\bAgreement\b", "Contract"),
    "will for shall": _sub(r"\bshall\b", "will"),
    "shall have the right to terminate": _sub(
        r"\bmay terminate\b", "shall have the right to terminate"
    ),
    "is entitled to terminate": _sub(r"\bmay terminate\b", "is entitled to terminate"),
    "digits for spelled numbers": lambda text: _NUMBER_WITH_DIGITS.sub(r"\1", text),
    "spelled numbers alone": _sub(r"\s+\(\d+\)", ""),
    "notice in writing": _sub(r"written notice", "notice in writing"),
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
    "expiry for expiration": _sub(r"\bexpiration\b", "expiry"),
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
    # only before what can be run through: a date, a day, the end of something
    "through for until": _sub(
        r"\buntil(?=\s+(?:the\s+)?(?:\d|[A-Z]|end\b|expir|last\b))", "through"
    ),
    "calendar years": _sub(r"\) years\b", ") calendar years"),
    "Commencement Date for Effective Date": _sub(r"Effective Date", "Commencement Date"),
    "upper case": str.upper,
}

# Rewordings that keep the meaning only in some clauses: a term "cancels" on no date.
ONLY: dict[str, frozenset[str]] = {
    "cancel for terminate": frozenset(
        {"Termination For Convenience", "Liquidated Damages", "Renewal Term"}
    ),
}

_PREAMBLE = (
    'This Services Agreement (the "Agreement") is made as of January 15, 2010 (the "Effective '
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


def _end(span: str) -> object:
    return find_contract_dates(prepare_text(_PREAMBLE + span + _AFTER), english=True).ends_on


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
