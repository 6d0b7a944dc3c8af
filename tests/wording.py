"""Rewordings that keep a contract's meaning: what prescreen must read as the usual wording
(the unit cases in `tests/unit/test_prescreen_wording_variants.py`, the corpus check in
`tests/corpus/test_prescreen_wording_invariance.py`), and the train contracts and facts the
corpus checks compare (`tests/corpus/test_prescreen_layout_invariance.py` too)."""

from __future__ import annotations

import re
import zlib
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from chalicelib.evaluation.labels import read_labelled
from tests.conftest import corpus_dir

if TYPE_CHECKING:
    from collections.abc import Callable

    from chalicelib.models import PrescreenResult

# What the rules decide for an English contract (the learned detectors' facts, the liability
# cap among them, and the title, which quotes the words, are left out).
RULE_FACTS = (
    "parties", "signed_on", "starts_on", "ends_on", "governing_law", "penalty",
    "unilateral_termination", "auto_renewal", "renewal_option", "contract_type",
)  # fmt: skip


@cache
def dev_contracts(count: int) -> tuple[tuple[str, str], ...]:
    """The first `count` contracts of the train split's dev folds (the file stem hashed, fold
    4 the check fold), in name order, as (name, text); none without `en_cuad_dev`."""
    dev = corpus_dir() / "en_cuad_dev"
    if not (dev / "labels.tsv").is_file():
        return ()
    documents = [
        d
        for d in read_labelled(dev)
        if d.split == "train" and zlib.crc32(Path(d.name).stem.lower().encode()) % 5 != 4
    ]
    chosen = sorted(documents, key=lambda d: d.name)[:count]
    return tuple((d.name, d.path.read_text(encoding="utf-8", errors="replace")) for d in chosen)


def dev_contracts_or_skip(count: int) -> tuple[tuple[str, str], ...]:
    """`dev_contracts`, the calling test skipped (saying why) where the corpus is absent."""
    contracts = dev_contracts(count)
    if not contracts:
        pytest.skip(f"no en_cuad_dev under {corpus_dir()}: set CORPUS_DIR to the shared corpus")
    return contracts


def rule_facts(result: PrescreenResult) -> dict[str, Any]:
    """The facts of RULE_FACTS, comparable: parties by name, clauses by presence."""
    facts: dict[str, Any] = {}
    for name in RULE_FACTS:
        value = getattr(result, name)
        if name == "parties":
            value = tuple(party.name.casefold() for party in value)
        elif hasattr(value, "present"):
            value = value.present
        facts[name] = value
    return facts


def changed_readings(
    contracts: tuple[tuple[str, str], ...],
    before: Callable[[str], dict[str, Any]],
    after: Callable[[str], dict[str, Any]],
) -> list[str]:
    """Each fact a contract's text reads otherwise after than before, over the contracts."""
    return [
        line for name, text in contracts for line in changed_facts(name, before(text), after(text))
    ]


def changed_facts(name: str, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """Each fact that differs, as a line naming the contract and both readings."""
    return [
        f"{name[:40]} {fact}: {before[fact]!r} -> {after[fact]!r}"
        for fact in RULE_FACTS
        if before[fact] != after[fact]
    ]


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
