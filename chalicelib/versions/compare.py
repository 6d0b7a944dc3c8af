"""What changed between two versions of a contract: facts, parties and findings.

Pure: two versions' prescreen facts and analysis findings in (as their reports hold them),
their differences out. The newer version's report carries the result as its "Changes since
v{n}" section, and `GET /v1/documents/{id}/versions/compare` answers it for any two.

How things are matched, and why:
- a fact (contract type, amount, dates, governing law) changed when its shown value did;
  an amount is compared as a number with its currency, so `100.00` and `100` are equal;
- a clause flag changed when its presence did (yes, no, or not judged): its evidence
  sentence may be reworded without the clause changing;
- parties are matched by name first, then by ИНН, then by role when each version has
  exactly one unmatched party in that role: a party whose name changed but whose ИНН or
  role did not is *renamed*, not one removed and one added;
- a finding is the same when its checklist item, title and severity are: its quote follows
  the text and may move; a finding whose severity changed shows as one gone and one new.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from chalicelib.models import AnalysisResult, ClauseFlag, Finding, Money, Party, PrescreenResult

if TYPE_CHECKING:
    from collections.abc import Mapping

# Facts shown as a value, in the report's order.
_VALUE_FACTS = (
    ("contract_type", "Contract type"),
    ("title", "Title"),
    ("amount", "Amount"),
    ("signed_on", "Signed on"),
    ("starts_on", "Starts on"),
    ("ends_on", "Ends on"),
    ("governing_law", "Governing law"),
)
# Every clause flag of a prescreen result, in the report's order.
CLAUSE_FLAGS = (
    ("penalty", "Penalty"),
    ("unilateral_termination", "Unilateral termination"),
    ("dispute_forum", "Dispute forum"),
    ("liability_cap", "Liability cap"),
    ("auto_renewal", "Automatic renewal"),
    ("anti_assignment", "Anti-assignment"),
    ("non_compete", "Non-compete"),
    ("exclusivity", "Exclusivity"),
    ("uncapped_liability", "Uncapped liability"),
    ("renewal_option", "Renewal option"),
)


class _Value(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class VersionSnapshot(_Value):
    """What one version's report says: its facts and its findings."""

    version: int
    prescreen: PrescreenResult
    findings: tuple[Finding, ...] = ()

    @classmethod
    def from_report(cls, report: Mapping[str, Any]) -> VersionSnapshot | None:
        """The snapshot of a contract's report as `report.json` holds it; None for a report
        of another kind (a counterparty's statements) or one this code cannot read."""
        if report.get("kind", "contract") != "contract" or "prescreen" not in report:
            return None
        analysis = report.get("analysis")
        try:
            findings = AnalysisResult.model_validate(analysis).findings if analysis else ()
            return cls(
                version=int(report["version"]),
                prescreen=PrescreenResult.model_validate(report["prescreen"]),
                findings=findings,
            )
        except (ValidationError, KeyError, TypeError, ValueError):
            return None


class FactChange(_Value):
    """A fact or a clause flag whose value differs."""

    field: str
    label: str
    before: str | None
    after: str | None


class PartyChange(_Value):
    """A party added, removed or renamed."""

    change: Literal["added", "removed", "renamed"]
    before: str | None = None
    after: str | None = None
    role: str | None = None
    inn: str | None = None


class FindingChange(_Value):
    """A finding only the newer version has (`new`), or only the older one (`gone`)."""

    change: Literal["new", "gone"]
    checklist_item: str
    title: str
    severity: str
    quote: str


class VersionChanges(_Value):
    """Everything that changed from one version to another."""

    from_version: int
    to_version: int
    facts: tuple[FactChange, ...] = ()
    parties: tuple[PartyChange, ...] = ()
    findings: tuple[FindingChange, ...] = ()

    @property
    def unchanged(self) -> bool:
        """True when neither facts, parties nor findings changed."""
        return not (self.facts or self.parties or self.findings)


def compare_versions(old: VersionSnapshot, new: VersionSnapshot) -> VersionChanges:
    """The changes from `old` to `new`."""
    return VersionChanges(
        from_version=old.version,
        to_version=new.version,
        facts=(*_value_changes(old.prescreen, new.prescreen), *_flag_changes(old, new)),
        parties=party_changes(old.prescreen.parties, new.prescreen.parties),
        findings=finding_changes(old.findings, new.findings),
    )


def _value_changes(old: PrescreenResult, new: PrescreenResult) -> list[FactChange]:
    changes = []
    for field, label in _VALUE_FACTS:
        before, after = getattr(old, field), getattr(new, field)
        if not _same_value(before, after):
            changes.append(
                FactChange(field=field, label=label, before=_shown(before), after=_shown(after))
            )
    return changes


def _flag_changes(old: VersionSnapshot, new: VersionSnapshot) -> list[FactChange]:
    changes = []
    for field, label in CLAUSE_FLAGS:
        before = _presence(getattr(old.prescreen, field))
        after = _presence(getattr(new.prescreen, field))
        if before != after:
            changes.append(FactChange(field=field, label=label, before=before, after=after))
    return changes


def _same_value(before: object, after: object) -> bool:
    if isinstance(before, Money) and isinstance(after, Money):
        return (before.amount, before.currency) == (after.amount, after.currency)
    if isinstance(before, str) and isinstance(after, str):
        return _name_key(before) == _name_key(after)
    return before == after


def _shown(value: object) -> str | None:
    if value is None:
        return None
    if isinstance(value, Money):
        return f"{value.amount} {value.currency}"
    if hasattr(value, "isoformat"):
        return str(value.isoformat())
    return str(value)


def _presence(flag: ClauseFlag | None) -> str | None:
    """`present`, `absent`, or None where the version did not judge the clause."""
    if flag is None:
        return None
    return "present" if flag.present else "absent"


def _name_key(name: str) -> str:
    """A name as compared: case, quotes and spacing do not make another party."""
    kept = "".join(ch for ch in name.casefold() if ch.isalnum() or ch.isspace())
    return " ".join(kept.split())


def party_changes(old: tuple[Party, ...], new: tuple[Party, ...]) -> tuple[PartyChange, ...]:
    """Parties removed, added and renamed from `old` to `new` (see the module's rules)."""
    left = list(old)
    right = list(new)
    for party in list(left):  # the same name: the same party
        match = next((p for p in right if _name_key(p.name) == _name_key(party.name)), None)
        if match is not None:
            left.remove(party)
            right.remove(match)
    changes: list[PartyChange] = []
    for party in list(left):  # the same ИНН under another name: renamed
        match = next((p for p in right if party.inn and p.inn == party.inn), None)
        if match is not None:
            left.remove(party)
            right.remove(match)
            changes.append(_renamed(party, match))
    old_roles = Counter(p.role for p in left if p.role)
    new_roles = Counter(p.role for p in right if p.role)
    for party in list(left):  # the only one in its role on each side: renamed
        role = party.role
        if role and old_roles[role] == 1 and new_roles[role] == 1:
            match = next(p for p in right if p.role == role)
            left.remove(party)
            right.remove(match)
            changes.append(_renamed(party, match))
    changes += [PartyChange(change="removed", before=p.name, role=p.role, inn=p.inn) for p in left]
    changes += [PartyChange(change="added", after=p.name, role=p.role, inn=p.inn) for p in right]
    return tuple(changes)


def _renamed(before: Party, after: Party) -> PartyChange:
    return PartyChange(
        change="renamed",
        before=before.name,
        after=after.name,
        role=after.role or before.role,
        inn=after.inn or before.inn,
    )


def _finding_key(finding: Finding) -> tuple[str, str, str]:
    return (finding.checklist_item, _name_key(finding.title), finding.severity)


def finding_changes(
    old: tuple[Finding, ...], new: tuple[Finding, ...]
) -> tuple[FindingChange, ...]:
    """Findings only `new` has (new) and only `old` has (gone), counting repeats."""
    return (*_only_in(new, old, "new"), *_only_in(old, new, "gone"))


def _only_in(
    findings: tuple[Finding, ...], others: tuple[Finding, ...], change: Literal["new", "gone"]
) -> list[FindingChange]:
    spare = Counter(_finding_key(f) for f in findings) - Counter(_finding_key(f) for f in others)
    changes: list[FindingChange] = []
    for finding in findings:
        key = _finding_key(finding)
        if spare[key] > 0:
            spare[key] -= 1
            changes.append(
                FindingChange(
                    change=change,
                    checklist_item=finding.checklist_item,
                    title=finding.title,
                    severity=finding.severity,
                    quote=finding.quote,
                )
            )
    return changes
