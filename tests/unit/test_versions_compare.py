"""What changed between two versions: facts, clause flags, parties and findings."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from chalicelib.analysis.report import render_changes
from chalicelib.models import ClauseFlag, Finding, Money, Party, PrescreenResult
from chalicelib.versions.compare import (
    VersionSnapshot,
    compare_versions,
    finding_changes,
    party_changes,
)

SUPPLIER = Party(name="ООО «Ромашка»", role="Поставщик", inn="7707083893")
BUYER = Party(name="АО «Лютик»", role="Покупатель", inn="7736050003")


def _prescreen(**facts: Any) -> PrescreenResult:
    base: dict[str, Any] = {
        "language": "ru",
        "contract_type": "supply",
        "parties": (SUPPLIER, BUYER),
        "amount": Money(amount=Decimal("2500000.00"), currency="RUB"),
        "signed_on": date(2024, 3, 15),
        "governing_law": "RU",
        "penalty": ClauseFlag(present=False),
        "confidence": 0.9,
        "route": "deep_analysis",
    }
    return PrescreenResult.model_validate({**base, **facts})


def _finding(item: str, title: str, severity: str = "high") -> Finding:
    return Finding(
        checklist_item=item,
        title=title,
        severity=severity,  # type: ignore[arg-type]
        quote="…",
        explanation="",
        recommendation="",
    )


def _snapshot(version: int, findings: tuple[Finding, ...] = (), **facts: Any) -> VersionSnapshot:
    return VersionSnapshot(version=version, prescreen=_prescreen(**facts), findings=findings)


def test_compare_finds_a_new_penalty_clause_and_its_finding() -> None:
    penalty = _finding("penalty", "Penalty of 0.5% a day")
    old = _snapshot(1)
    new = _snapshot(
        2, (penalty,), penalty=ClauseFlag(present=True, evidence="неустойку в размере 0,5%")
    )

    changes = compare_versions(old, new)

    assert [(c.field, c.before, c.after) for c in changes.facts] == [
        ("penalty", "absent", "present")
    ]
    assert [(f.change, f.checklist_item) for f in changes.findings] == [("new", "penalty")]
    assert changes.parties == ()


def test_compare_finds_a_changed_amount_but_not_a_reformatted_one() -> None:
    old = _snapshot(1)
    changed = _snapshot(2, amount=Money(amount=Decimal("3000000"), currency="RUB"))
    reformatted = _snapshot(2, amount=Money(amount=Decimal("2500000"), currency="RUB"))

    amount = compare_versions(old, changed).facts

    assert [(c.field, c.before, c.after) for c in amount] == [
        ("amount", "2500000.00 RUB", "3000000 RUB")
    ]
    assert compare_versions(old, reformatted).unchanged


def test_compare_sees_a_renamed_party_by_its_inn() -> None:
    renamed = BUYER.model_copy(update={"name": "АО «Василёк»", "role": None})

    changes = party_changes((SUPPLIER, BUYER), (SUPPLIER, renamed))

    assert [(c.change, c.before, c.after, c.inn) for c in changes] == [
        ("renamed", "АО «Лютик»", "АО «Василёк»", "7736050003")
    ]


def test_compare_sees_a_renamed_party_by_its_only_role_when_no_inn_is_known() -> None:
    old = (Party(name="Acme Ltd", role="Seller"), Party(name="Bolt Inc", role="Buyer"))
    new = (Party(name="Acme Ltd", role="Seller"), Party(name="Bolt Holdings", role="Buyer"))

    changes = party_changes(old, new)

    assert [(c.change, c.before, c.after) for c in changes] == [
        ("renamed", "Bolt Inc", "Bolt Holdings")
    ]


def test_compare_adds_and_removes_parties_it_cannot_match() -> None:
    guarantor = Party(name="ПАО «Гарант»", role="Поручитель")

    changes = party_changes((SUPPLIER, BUYER), (SUPPLIER, guarantor))

    assert sorted((c.change, c.before or c.after) for c in changes) == [
        ("added", "ПАО «Гарант»"),
        ("removed", "АО «Лютик»"),
    ]


def test_compare_matches_names_whatever_their_case_and_quotes() -> None:
    same = Party(name='ао "лютик"', role="Покупатель")

    assert party_changes((BUYER,), (same,)) == ()


def test_compare_counts_repeated_findings_and_ignores_moved_quotes() -> None:
    twice = (_finding("payment", "Prepayment"), _finding("payment", "Prepayment"))
    moved = _finding("payment", "Prepayment").model_copy(update={"quote": "other words"})

    assert [c.change for c in finding_changes(twice, (moved,))] == ["gone"]
    assert finding_changes((twice[0],), (moved,)) == ()


def test_compare_shows_a_changed_severity_as_one_gone_and_one_new() -> None:
    changes = finding_changes(
        (_finding("forum", "Forum", "low"),), (_finding("forum", "Forum", "high"),)
    )

    assert sorted((c.change, c.severity) for c in changes) == [("gone", "low"), ("new", "high")]


def test_compare_reads_dates_law_and_a_flag_judged_in_one_version_only() -> None:
    old = _snapshot(1)
    new = _snapshot(
        2,
        signed_on=date(2024, 4, 1),
        governing_law="EN",
        non_compete=ClauseFlag(present=True),
    )

    changes = {c.field: (c.before, c.after) for c in compare_versions(old, new).facts}

    assert changes == {
        "signed_on": ("2024-03-15", "2024-04-01"),
        "governing_law": ("RU", "EN"),
        "non_compete": (None, "present"),
    }


def test_snapshot_reads_a_report_json() -> None:
    penalty = _finding("penalty", "Penalty")
    report = {
        "version": 3,
        "prescreen": _prescreen().model_dump(mode="json"),
        "analysis": {"provider": "rules", "findings": [penalty.model_dump(mode="json")]},
    }

    snapshot = VersionSnapshot.from_report(report)

    assert snapshot is not None
    assert (snapshot.version, snapshot.findings) == (3, (penalty,))
    assert snapshot.prescreen == _prescreen()


def test_a_statements_report_or_an_unreadable_one_has_no_snapshot() -> None:
    assert VersionSnapshot.from_report({"kind": "statement", "version": 2}) is None
    assert VersionSnapshot.from_report({"version": 2, "prescreen": {"language": "xx"}}) is None


def test_the_changes_section_escapes_contract_text() -> None:
    old = _snapshot(1, parties=(Party(name="Acme", role="Seller"),))
    new = _snapshot(2, parties=(Party(name="<b>Acme</b> | *x*", role="Seller"),))

    markdown = render_changes(compare_versions(old, new))

    assert markdown.startswith("## Changes since v1")
    assert "<b>" not in markdown
    assert "\\<b\\>Acme\\</b\\> \\| \\*x\\*" in markdown


def test_the_changes_section_says_when_nothing_changed() -> None:
    markdown = render_changes(compare_versions(_snapshot(1), _snapshot(2)))

    assert markdown == "## Changes since v1\n\nNo fact, party or finding changed."
