"""`contract-check demo` and `review`: documents through the real pipeline on the local cloud.

The demo talks to the local cloud as a client would: `POST /v1/documents` on the
HTTP API, the presigned POST to the bucket, then polling the document until it
is done, failed or held for a reviewer. It never waits on a human.
"""

from __future__ import annotations

import json
import mimetypes
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import httpx

from chalicelib.keys import ArtifactName, DocumentRef
from chalicelib.models import facts_to_check

if TYPE_CHECKING:
    from chalicelib.services.review import Decision
    from infra.localcloud.cloud import LocalCloud

PROJECT_ROOT = Path(__file__).resolve().parents[2]
SAMPLES_DIR = PROJECT_ROOT / "samples"
SESSION_FILE = PROJECT_ROOT / ".localcloud" / "session.json"
SETTLED = ("done", "failed", "in_review")
EXTRA_TYPES = {
    ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ".rtf": "application/rtf",
    ".md": "text/plain",
}
REPORT_PREVIEW_LINES = 25
EXIT_OK, EXIT_FAILED, EXIT_INFRA = 0, 1, 2


@dataclass
class Outcome:
    """What happened to one document."""

    path: Path
    document: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def status(self) -> str:
        """The document's final status (or `error` when the API refused it)."""
        return str(self.document.get("status", "error"))


def content_type_of(path: Path) -> str:
    """The content type a browser would declare for this file."""
    suffix = path.suffix.lower()
    return (
        EXTRA_TYPES.get(suffix) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    )


def default_files() -> list[Path]:
    """The demo's sample documents."""
    return sorted(p for p in SAMPLES_DIR.iterdir() if p.is_file() and p.suffix != ".md")


class DemoClient:
    """The HTTP API and the presigned upload, as a web page uses them.

    It signs in with `access_token`, or else through the local cloud's development
    sign-in (`POST /v1/auth/dev`) as `user_id` with `role` (the development admin by default).
    """

    def __init__(
        self,
        api_url: str,
        timeout_seconds: float = 300.0,
        *,
        access_token: str | None = None,
        user_id: str | None = None,
        role: str | None = None,
    ) -> None:
        self.api_url = api_url.rstrip("/")
        self._http = httpx.Client(base_url=self.api_url, timeout=60.0)
        self._timeout = timeout_seconds
        self.access_token = access_token or self._development_sign_in(user_id, role)
        self.headers = {"Authorization": f"Bearer {self.access_token}"}
        self._http.headers.update(self.headers)

    def _development_sign_in(self, user_id: str | None, role: str | None) -> str:
        who = {k: v for k, v in (("user_id", user_id), ("role", role)) if v is not None}
        answer = self._http.post("/v1/auth/dev", json=who)
        answer.raise_for_status()
        return str(answer.json()["access_token"])

    def close(self) -> None:
        """Release the connection pool."""
        self._http.close()

    def submit(self, path: Path) -> Outcome:
        """Upload one file and wait until its document settles."""
        started = time.monotonic()
        data = path.read_bytes()
        answer = self._http.post(
            "/v1/documents",
            json={"filename": path.name, "content_type": content_type_of(path), "size": len(data)},
        )
        if answer.status_code != 201:
            return Outcome(path, {"status": "error", "error": answer.json().get("error")})
        ticket = answer.json()
        form = ticket["upload"]
        uploaded = httpx.post(
            form["url"],
            data=form["fields"],
            files={"file": (path.name, data, content_type_of(path))},
            timeout=self._timeout,
        )
        uploaded.raise_for_status()
        document = self._wait(ticket["document"]["document_id"])
        return Outcome(path, document, time.monotonic() - started)

    def _wait(self, document_id: str) -> dict[str, Any]:
        deadline = time.monotonic() + self._timeout
        while True:
            document: dict[str, Any] = self._http.get(f"/v1/documents/{document_id}").json()
            if document.get("status") in SETTLED or time.monotonic() > deadline:
                return document
            time.sleep(0.2)

    def report(self, document_id: str) -> dict[str, Any]:
        """The report's Markdown and JSON."""
        body: dict[str, Any] = self._http.get(f"/v1/documents/{document_id}/report").json()
        return body


def _facts_lines(prescreen: dict[str, Any]) -> list[str]:
    amount = prescreen.get("amount") or {}
    parties = "; ".join(
        f"{p['name']}"
        + (f" ({p['role']})" if p.get("role") else "")
        + (f", ИНН {p['inn']}" if p.get("inn") else "")
        for p in prescreen.get("parties") or []
    )
    flags = [
        name
        for name in (
            "penalty",
            "unilateral_termination",
            "dispute_forum",
            "liability_cap",
            "auto_renewal",
        )
        if (prescreen.get(name) or {}).get("present")
    ]
    return [
        f"  type:        {prescreen.get('contract_type') or '—'}"
        f"  (language {prescreen.get('language')})",
        f"  parties:     {parties or '—'}",
        f"  amount:      {amount.get('amount', '—')} {amount.get('currency', '')}".rstrip(),
        f"  dates:       signed {prescreen.get('signed_on') or '—'}, "
        f"from {prescreen.get('starts_on') or '—'} to {prescreen.get('ends_on') or '—'}",
        f"  clauses:     {', '.join(flags) or 'none found'}",
        f"  law:         {prescreen.get('governing_law') or '—'}",
        f"  confidence:  {prescreen.get('confidence')}  route: {prescreen.get('route')}",
        *([f"  check first: {unsure}"] if (unsure := _unsure(prescreen)) else []),
        *(f"  doubt:       {doubt}" for doubt in prescreen.get("doubts") or []),
    ]


def _unsure(prescreen: dict[str, Any]) -> str:
    """The facts unlikely right (`facts_to_check`), least likely first."""
    chances: dict[str, float] = prescreen.get("fact_confidence") or {}
    unsure = facts_to_check(chances, sorted(chances, key=chances.__getitem__))
    return ", ".join(f"{fact} {round(chances[fact] * 100)}%" for fact in unsure)


def _statement_lines(report: dict[str, Any]) -> list[str]:
    """A recognised statement: organisation, result status, key figures, checks and signs."""
    result = report.get("result") or {}
    kinds = [
        d.get("document_type") or f"ОСВ {d.get('header', {}).get('account') or ''}".strip()
        for d in result.get("documents") or []
    ]
    lines = [
        f"  recognised:  {', '.join(str(k) for k in kinds)}  (result {report.get('status')})",
        f"  company:     {report.get('organization') or '-'}  ИНН {report.get('inn') or '-'}",
    ]
    lines += [
        f"  {figure['name'][:12]:<12} {figure['value']} ({figure['units'] or ''})"
        for figure in (report.get("key_figures") or [])[:4]
    ]
    lines += [f"  failed:      {item}" for item in report.get("failed_checks") or []]
    lines += [f"  warning:     {item}" for item in report.get("warning_signs") or []]
    return lines


def _analysis_line(analysis: dict[str, Any]) -> str:
    """Who analysed the document, and for a model what it cost."""
    line = f"  analysis:    {analysis.get('provider', '—')}"
    if analysis.get("model"):
        line += f", model {analysis['model']}"
    usage = analysis.get("usage")
    if usage:
        line += (
            f"; {usage['calls']} call(s) over {usage['chunks']} chunk(s), tokens "
            f"{usage['input_tokens']}/{usage['output_tokens']}, {usage['latency_ms'] / 1000:.1f} s"
            + (", fallback model used" if usage["fallback_used"] else "")
            + (f", {usage['repairs']} repair(s)" if usage["repairs"] else "")
        )
    dropped = analysis.get("dropped_quotes")
    return line + (f"; {dropped} finding(s) dropped: quote not in the text" if dropped else "")


def _read_artifact(
    cloud: LocalCloud, document: dict[str, Any], name: ArtifactName
) -> dict[str, Any]:
    ref = DocumentRef(document["document_id"], document["version"], document["region"])
    key = ref.artifact_key(name)
    body = cloud.client("s3").get_object(Bucket=cloud.deployment.bucket, Key=key)["Body"]
    parsed: dict[str, Any] = json.loads(body.read())
    return parsed


def print_outcome(outcome: Outcome, client: DemoClient, cloud: LocalCloud, keep: bool) -> None:
    """Status, route, facts, findings and the head of the report, for one document."""
    doc = outcome.document
    print(f"\n=== {outcome.path.name}: {outcome.status} ({outcome.seconds:.1f} s)")
    if outcome.status == "error" or "document_id" not in doc:
        print(f"  refused: {doc.get('error')}")
        return
    print(f"  document:    {doc['document_id']}  pipeline: {doc.get('pipeline')}")
    if outcome.status == "failed":
        error = doc.get("error") or {}
        print(f"  failed:      {error.get('code')}: {error.get('message')}")
        print(f"  refunded:    {doc.get('refunded')}")
        return
    if outcome.status == "in_review":
        print("\n".join(_facts_lines(_read_artifact(cloud, doc, "prescreen.json"))))
        print("  held for a reviewer, who decides with:")
        choices = "approve|deep_analysis|reject"
        print(f"    contract-check review {doc['document_id']} --decision {choices}")
        if not keep:
            print(
                "  (this demo's cloud stops at the end: `contract-check demo --keep` keeps it up)"
            )
        return
    report = client.report(doc["document_id"])
    if report["report"].get("kind") == "statement":
        print("\n".join(_statement_lines(report["report"])))
    else:
        print("\n".join(_facts_lines(report["report"]["prescreen"])))
        findings = doc.get("findings") or {}
        print("  findings:    " + ", ".join(f"{k} {v}" for k, v in findings.items()))
        print(_analysis_line(report["report"].get("analysis") or {}))
    print(f"  report:      GET {client.api_url}/v1/documents/{doc['document_id']}/report")
    key = DocumentRef(doc["document_id"], doc["version"], doc["region"]).artifact_key("report.md")
    print(f"               s3://{cloud.deployment.bucket}/{key}")
    print("  --- report (first lines) ---")
    for line in report["markdown"].splitlines()[:REPORT_PREVIEW_LINES]:
        print(f"  | {line}")


def run_demo(files: list[Path], keep: bool = False) -> int:
    """Run documents through the local cloud; 0 when none failed, 1 when any did.

    With `keep`, the cloud stays up afterwards so that held documents can be decided.
    """
    from infra.localcloud.cloud import LocalCloud
    from infra.localcloud.environment import shell_overrides

    paths = files or default_files()
    if not paths:
        print("no documents to run: pass files or put some in samples/", file=sys.stderr)
        return EXIT_INFRA
    # The demo is one user with enough credit for every document it runs.
    env = {**shell_overrides(), "SIGNUP_CREDITS": str(max(10, len(paths)))}
    from infra.localcloud.progress import working

    try:
        with working("Starting the local cloud…"):
            cloud = LocalCloud(env_overrides=env).start_server(access_log=False)
    except Exception as exc:  # noqa: BLE001 - any failure to start is an infrastructure error
        print(f"the local cloud did not start: {type(exc).__name__}: {exc}", file=sys.stderr)
        return EXIT_INFRA
    try:
        code = _run(cloud, paths, keep)
        if keep:
            from infra.localcloud.cli import wait_for_stop

            write_session(cloud)
            print(f"\nThe local cloud stays up (HTTP API {cloud.api_url}); Ctrl-C stops it.")
            wait_for_stop()
        return code
    finally:
        if keep:
            SESSION_FILE.unlink(missing_ok=True)
        cloud.stop()


def _run(cloud: LocalCloud, paths: list[Path], keep: bool) -> int:
    from infra.localcloud.progress import working

    assert cloud.api_url is not None
    print(f"Local cloud up: AWS endpoint {cloud.endpoint_url}, HTTP API {cloud.api_url}")
    client = DemoClient(cloud.api_url)
    outcomes = []
    try:
        for number, path in enumerate(paths, 1):
            with working(f"[{number}/{len(paths)}] {path.name} through the pipeline…"):
                outcome = client.submit(path)
            print_outcome(outcome, client, cloud, keep)
            outcomes.append(outcome)
    except httpx.HTTPError as exc:
        print(f"the local API did not answer: {exc}", file=sys.stderr)
        return EXIT_INFRA
    finally:
        client.close()
    if cloud.errors:
        print(f"\nhandler errors: {[str(e) for e in cloud.errors]}", file=sys.stderr)
    counts = {
        s: sum(o.status == s for o in outcomes) for s in ("done", "in_review", "failed", "error")
    }
    print("\nSummary: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    print(
        "\nAs a person would: `.venv/bin/contract-check local up` serves the web page at"
        " http://127.0.0.1:8000/ and the Telegram bot's webhook;"
        " `.venv/bin/contract-check telegram send FILE` talks to the bot."
    )
    return EXIT_FAILED if counts["failed"] or counts["error"] else EXIT_OK


def write_session(cloud: LocalCloud) -> None:
    """Leave the running cloud's endpoint and environment where `review` finds them."""
    environment = {
        **cloud.deployment.environment,
        "AWS_ENDPOINT_URL": cloud.endpoint_url or "",
        "AWS_DEFAULT_REGION": cloud.region,
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "STATE_MACHINE_ARN": cloud.deployment.state_machine_arn,
    }
    SESSION_FILE.parent.mkdir(exist_ok=True)
    session = {"environment": environment, "queues": cloud.deployment.queues}
    SESSION_FILE.write_text(json.dumps(session, indent=2))


def run_review(document_id: str, decision: str, reviewer: str, comment: str = "") -> int:
    """Send a reviewer's decision to a running `contract-check local up`."""
    if not SESSION_FILE.is_file():
        print("no running local cloud: start `contract-check local up` first", file=sys.stderr)
        return EXIT_INFRA
    session = json.loads(SESSION_FILE.read_text())
    os.environ.update(session["environment"])
    from chalicelib.errors import DomainError
    from chalicelib.wiring import reset_cold_start, review_service

    reset_cold_start()
    try:
        document = review_service().decide(
            document_id, cast("Decision", decision), reviewer=reviewer, comment=comment
        )
    except DomainError as exc:
        print(f"{exc.code}: {exc.message}", file=sys.stderr)
        return EXIT_FAILED
    print(f"{document.document_id}: {decision} recorded; the run continues.")
    return EXIT_OK
