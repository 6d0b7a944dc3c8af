"""Scores from screened documents: per field, per confidence band and per route.

`summarize` builds the JSON the eval writes (``--json OUT``), so two versions of
the extractor can be compared field by field; `render_table` prints the same for a
person, with the misses and the expected and found values.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from chalicelib.evaluation.calibrate import (
    MIN_BAND_FACTS,
    calibration_error,
    merged_bands,
    predictions,
    reliability,
    rises,
)
from chalicelib.evaluation.fields import FIELDS, NOT_SCORED, TARGETS

if TYPE_CHECKING:
    from collections.abc import Sequence

    from chalicelib.evaluation.harness import Screened

# Confidence bands, low to high; the first is the one prescreen sends to a person.
BANDS: tuple[tuple[float, float], ...] = ((0.0, 0.4), (0.4, 0.7), (0.7, 0.85), (0.85, 1.0001))


@dataclass(frozen=True)
class FieldScore:
    """A field's metric over the documents that label it."""

    name: str
    metric: str
    value: float
    n: int
    precision: float | None = None
    recall: float | None = None

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"metric": self.metric, "value": round(self.value, 4), "n": self.n}
        if self.metric == "f1":
            data["precision"] = round(self.precision or 0.0, 4)
            data["recall"] = round(self.recall or 0.0, 4)
        target = TARGETS.get(self.name)
        if target is not None:
            data["target"] = target
            data["meets_target"] = self.value >= target
        return data


def _ratio(top: int, bottom: int) -> float:
    return top / bottom if bottom else 0.0


def field_scores(screened: Sequence[Screened]) -> dict[str, FieldScore]:
    """Accuracy, or precision / recall / F1, of every field that has a label."""
    scores: dict[str, FieldScore] = {}
    for language, fields in FIELDS.items():
        for spec in fields:
            name = f"{language}.{spec.name}"
            outcomes = [s.outcomes[name] for s in screened if name in s.outcomes]
            if not outcomes:
                continue
            if spec.metric == "accuracy":
                right = sum(o.correct for o in outcomes)
                scores[name] = FieldScore(
                    name, "accuracy", _ratio(right, len(outcomes)), len(outcomes)
                )
                continue
            tp = sum(1 for o in outcomes if o.truth and o.said)
            fp = sum(1 for o in outcomes if not o.truth and o.said)
            fn = sum(1 for o in outcomes if o.truth and not o.said)
            precision, recall = _ratio(tp, tp + fp), _ratio(tp, tp + fn)
            if tp + fp + fn == 0:  # nothing to find and nothing claimed: perfect, vacuously
                precision = recall = f1 = 1.0
            else:
                f1 = _ratio(2 * tp, 2 * tp + fp + fn)
            scores[name] = FieldScore(name, "f1", f1, len(outcomes), precision, recall)
    return scores


def _group(screened: Sequence[Screened]) -> dict[str, Any]:
    outcomes = [o for s in screened for o in s.outcomes.values()]
    right = sum(o.correct for o in outcomes)
    documents_all_right = sum(1 for s in screened if all(o.correct for o in s.outcomes.values()))
    return {
        "documents": len(screened),
        "fields": len(outcomes),
        "field_accuracy": round(_ratio(right, len(outcomes)), 4),
        "documents_all_right": documents_all_right,
    }


def by_band(screened: Sequence[Screened]) -> list[dict[str, Any]]:
    """Field accuracy of the documents in each confidence band."""
    rows = []
    for low, high in BANDS:
        members = [s for s in screened if low <= s.result.confidence < high]
        rows.append({"band": f"{low:.2f}–{min(high, 1.0):.2f}", **_group(members)})
    return rows


def by_route(screened: Sequence[Screened]) -> dict[str, dict[str, Any]]:
    """Field accuracy of the documents prescreen sent each way."""
    routes = sorted({s.result.route for s in screened})
    return {route: _group([s for s in screened if s.result.route == route]) for route in routes}


def calibration(screened: Sequence[Screened]) -> dict[str, dict[str, Any]]:
    """Per language: each fact's calibrated probability against how often it was right."""
    tables: dict[str, dict[str, Any]] = {}
    for language in sorted({s.document.language for s in screened}):
        pairs = predictions(screened, language)
        if pairs:
            tables[language] = {
                "facts": len(pairs),
                "ece": calibration_error(pairs),
                "reliability": reliability(pairs),
                "bands": (bands := merged_bands(pairs)),
                "bands_rise": rises(bands),
            }
    return tables


def summarize(screened: Sequence[Screened], *, corpus: str) -> dict[str, Any]:
    """The whole eval as JSON-ready data: fields, bands, routes and each document.

    `splits` holds the fields and bands of each split on its own (train, test), so the
    numbers on documents nobody tuned on stand beside the others.
    """
    splits = sorted({s.document.split for s in screened}, key=("train", "test").index)
    return {
        "corpus": corpus,
        "splits": {
            split: {
                "documents": sum(1 for s in screened if s.document.split == split),
                "fields": {
                    name: score.as_json()
                    for name, score in field_scores(
                        [s for s in screened if s.document.split == split]
                    ).items()
                },
                "confidence_bands": by_band([s for s in screened if s.document.split == split]),
                "calibration": calibration([s for s in screened if s.document.split == split]),
            }
            for split in splits
        },
        "fields": {name: score.as_json() for name, score in field_scores(screened).items()},
        "confidence_bands": by_band(screened),
        "routes": by_route(screened),
        "not_scored": {
            f"{language}.{column}": why
            for language, columns in NOT_SCORED.items()
            for column, why in columns.items()
        },
        "documents": [
            {
                "file": str(s.document.path.name),
                "language": s.document.language,
                "split": s.document.split,
                "error": s.error,
                "confidence": s.result.confidence,
                "route": s.result.route,
                "seconds": round(s.seconds, 3),
                "fields": {
                    name: {"expected": o.expected, "found": o.found, "correct": o.correct}
                    for name, o in s.outcomes.items()
                },
            }
            for s in screened
        ],
    }


def _side_by_side(splits: dict[str, Any]) -> list[str]:
    """Each field's value on every split, then each split's bands: train beside test."""
    names = list(dict.fromkeys(name for split in splits.values() for name in split["fields"]))
    head = ""
    for split, data in splits.items():
        label = f"{split} (n={data['documents']})"
        head += f"{label:>18}"
    lines = [f"{'field':<40}{'metric':>9}{head}  target"]
    for name in names:
        cells, metric, target = "", "", ""
        for data in splits.values():
            field = data["fields"].get(name)
            value = f"{field['value']:.2f}" if field else "—"
            cells += f"{value:>18}"
            if field:
                metric = field["metric"]
                target = f"≥ {field['target']:.2f}" if "target" in field else target
        lines.append(f"{name:<40}{metric:>9}{cells}  {target}")
    for split, data in splits.items():
        bands = ", ".join(
            f"{row['band']}: {row['field_accuracy']:.2f} ({row['documents']})"
            for row in data["confidence_bands"]
        )
        lines.append(f"{split} accuracy by confidence band (documents): {bands}")
    return [*lines, "", "All documents together:", ""]


def _reliability(split: str, tables: dict[str, Any]) -> list[str]:
    """A split's reliability table per language: predicted probability against accuracy."""
    lines: list[str] = []
    for language, table in tables.items():
        lines += [
            "",
            f"Reliability, {split}, {language}: {table['facts']} facts, "
            f"expected calibration error {table['ece']:.3f}",
            f"{'predicted':<14}{'facts':>7}{'mean':>8}{'right':>8}",
        ]
        lines += [
            f"{row['bin']:<14}{row['facts']:>7}{row['predicted']:>8.2f}{row['accuracy']:>8.2f}"
            for row in table["reliability"]
        ]
        bands = ", ".join(
            f"{row['band']}: {row['accuracy']:.2f} ({row['facts']})" for row in table["bands"]
        )
        rise = "each more accurate than the one below" if table["bands_rise"] else "NOT rising"
        lines.append(f"bands of {MIN_BAND_FACTS}+ facts: {bands}; {rise}")
    return lines


def _field_table(fields: dict[str, Any]) -> list[str]:
    """One line a field: its metric, value, count, precision and recall, and its target."""
    lines = [f"{'field':<40}{'metric':>9}{'value':>7}{'n':>4}{'P':>6}{'R':>6}  target"]
    for name, data in fields.items():
        p = f"{data['precision']:.2f}" if "precision" in data else ""
        r = f"{data['recall']:.2f}" if "recall" in data else ""
        target = ""
        if "target" in data:
            target = f"≥ {data['target']:.2f} {'ok' if data['meets_target'] else 'MISSED'}"
        value = f"{data['value']:>7.2f}{data['n']:>4}{p:>6}{r:>6}"
        lines.append(f"{name:<40}{data['metric']:>9}{value}  {target}")
    return lines


def render_table(summary: dict[str, Any], *, misses: bool = True) -> str:
    """The eval for a person: the field table, the bands, the routes and the misses."""
    lines = [f"Prescreen against the labels in {summary['corpus']}", ""]
    splits = summary.get("splits") or {}
    if len(splits) > 1:
        lines += _side_by_side(splits)
    lines += _field_table(summary["fields"])
    lines += ["", "Field accuracy by confidence band (is the confidence worth trusting?)"]
    lines.append(f"{'band':<14}{'docs':>6}{'fields':>8}{'accuracy':>10}{'all right':>11}")
    for row in summary["confidence_bands"]:
        lines.append(
            f"{row['band']:<14}{row['documents']:>6}{row['fields']:>8}"
            f"{row['field_accuracy']:>10.2f}{row['documents_all_right']:>11}"
        )
    for split, data in (summary.get("splits") or {}).items():
        lines += _reliability(split, data.get("calibration") or {})
    lines += ["", "Field accuracy by route"]
    for route, row in summary["routes"].items():
        lines.append(
            f"{route:<14}{row['documents']:>6}{row['fields']:>8}{row['field_accuracy']:>10.2f}"
            f"{row['documents_all_right']:>11}"
        )
    errors = [d for d in summary["documents"] if d["error"]]
    if errors:
        lines += ["", "Documents Extract refused (scored as an empty prescreen)"]
        lines += [f"  {d['file']}: {d['error']}" for d in errors]
    if summary["not_scored"]:
        lines += ["", "Label columns not scored"]
        lines += [f"  {name}: {why}" for name, why in summary["not_scored"].items()]
    if misses:
        lines += ["", "Misses"]
        for doc in summary["documents"]:
            wrong = {k: v for k, v in doc["fields"].items() if not v["correct"]}
            if not wrong:
                continue
            lines.append(f"  {doc['file']} (confidence {doc['confidence']:.2f}, {doc['route']})")
            for name, value in wrong.items():
                lines.append(
                    f"    {name}: expected {value['expected']!r}, found {value['found']!r}"
                )
    return "\n".join(lines)


@dataclass(frozen=True)
class ChangedAnswer:
    """One field of one document whose answer differs from an earlier eval's."""

    file: str
    field: str
    before: str
    after: str
    was_right: bool
    is_right: bool


def changed_answers(previous: dict[str, Any], current: dict[str, Any]) -> list[ChangedAnswer]:
    """Every answer that differs between two evals' JSON, right or wrong.

    The tables count right answers only: a wrong answer replaced by another wrong one (a
    sentence read as a party where no party was read) leaves every figure as it was. Documents
    or fields in only one of the two are left out: they were not read by both.
    """
    earlier = {(doc["split"], doc["file"]): doc["fields"] for doc in previous["documents"]}
    changes: list[ChangedAnswer] = []
    for doc in current["documents"]:
        fields = earlier.get((doc["split"], doc["file"]))
        if fields is None:
            continue
        for name, now in doc["fields"].items():
            then = fields.get(name)
            if then is not None and then["found"] != now["found"]:
                changes.append(
                    ChangedAnswer(
                        doc["file"],
                        name,
                        then["found"],
                        now["found"],
                        then["correct"],
                        now["correct"],
                    )
                )
    return changes


def render_changes(changes: list[ChangedAnswer], *, against: str) -> str:
    """The changed answers for a person: counts by right and wrong, then each one."""
    verdict = {True: "right", False: "wrong"}
    counts = Counter((change.was_right, change.is_right) for change in changes)
    lines = [f"Answers changed since {against}: {len(changes)}"]
    lines += [
        f"  {verdict[was]} -> {verdict[now]}: {count}"
        for (was, now), count in sorted(counts.items())
    ]
    for change in changes:
        lines.append(
            f"  {change.file} {change.field} ({verdict[change.was_right]} -> "
            f"{verdict[change.is_right]}): {change.before!r} -> {change.after!r}"
        )
    return "\n".join(lines)
