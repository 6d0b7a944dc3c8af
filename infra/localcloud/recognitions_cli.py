"""`contract-check recognitions submit FILE` and `recognitions show JOB_ID`: our recognition
client on a running local cloud (`contract-check local up`).

`submit` puts the file in our bucket (`recognition/{file_id}/original.{ext}`),
submits a job for it through the client (the request goes on the recognition bus as
`<job_id>:1`) and follows the job: each envelope is printed as the job's record receives it,
and each change of the job (acked, republished, done…) as it happens. The local cloud fires
no schedules, so while it waits the command runs the client's sweep once a minute, as the
schedule does on AWS: without a recognition service to answer, the request is republished
under the same msg_id after each ACK_TIMEOUT_SECONDS and the job ends in dlq, NO_ACK.

Exit codes: 0 when the job ended done or needs_check, or still waits when the command stops
waiting (`show` it later); 1 when it ended in error, dlq or timeout; 2 for usage errors and
a local cloud that is not running.
"""

from __future__ import annotations

import json
import mimetypes
import os
import sys
import time
import uuid
from typing import TYPE_CHECKING, Any, TextIO

from chalicelib.errors import DomainError
from chalicelib.keys import build_recognition_submission_key
from chalicelib.recognition.client import file_type_of, pipeline_of

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from chalicelib.ports.documents import ObjectStore
    from chalicelib.ports.recognition_client import RecognitionJob
    from chalicelib.recognition.client import RecognitionClient

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
ENDED_WELL = ("done", "needs_check")
SWEEP_EVERY_SECONDS = 60.0  # the template's schedule: rate(1 minute)
POLL_SECONDS = 0.5


def _connect(stderr: TextIO) -> RecognitionClient | None:
    """The client of the running local cloud (its session file), or None (said on stderr)."""
    from infra.localcloud.demo import SESSION_FILE

    if not SESSION_FILE.is_file():
        print("no running local cloud: start `contract-check local up` first", file=stderr)
        return None
    os.environ.update(json.loads(SESSION_FILE.read_text())["environment"])
    from chalicelib import wiring

    wiring.reset_cold_start()
    return wiring.recognition_client()


def run_submit(
    path: Path,
    *,
    pipeline: str | None,
    deadline_seconds: int | None,
    wait_seconds: float,
) -> int:
    """Upload FILE, submit it, follow the job; the exit code."""
    if not path.is_file():
        print(f"no such file: {path}", file=sys.stderr)
        return EXIT_USAGE
    client = _connect(sys.stderr)
    if client is None:
        return EXIT_USAGE
    from chalicelib import wiring
    from chalicelib.settings import get_settings

    return submit_and_follow(
        client,
        wiring.object_store(),
        get_settings().bucket_name,
        path,
        pipeline=pipeline,
        deadline_seconds=deadline_seconds,
        wait_seconds=wait_seconds,
    )


def run_show(job_id: str) -> int:
    """Print a job of the running local cloud; the exit code."""
    client = _connect(sys.stderr)
    if client is None:
        return EXIT_USAGE
    return show_job(client, job_id)


def submit_and_follow(
    client: RecognitionClient,
    store: ObjectStore,
    bucket: str,
    path: Path,
    *,
    pipeline: str | None = None,
    deadline_seconds: int | None = None,
    wait_seconds: float = 180.0,
    stdout: TextIO | None = None,
    sleep: Callable[[float], None] = time.sleep,
    monotonic: Callable[[], float] = time.monotonic,
) -> int:
    """Upload the file, submit its job, print its envelopes and changes until it ends or
    `wait_seconds` pass; the exit code."""
    out = stdout or sys.stdout
    try:
        file_type = file_type_of(path.name)
        file_id = str(uuid.uuid4())
        key = build_recognition_submission_key(file_id, path.suffix)
        content_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        store.put_bytes(key, path.read_bytes(), content_type=content_type)
        submission = client.submit(
            file_id=file_id,
            pipeline=pipeline or pipeline_of(file_type),
            file_type=file_type,
            original_name=path.name,
            bucket=bucket,
            key=key,
            reply_seconds=deadline_seconds,
        )
    except DomainError as exc:
        print(f"{exc.code}: {exc.message}", file=sys.stderr)
        return EXIT_USAGE
    job = submission.job
    print(f"job {job.job_id} for s3://{bucket}/{key}", file=out)
    _print_envelope(out, "→", job.subject, job.request)
    if not submission.published:
        print("  (not published: the sweep sends it again when its ack is due)", file=out)
    return _follow(
        client, job, wait_seconds=wait_seconds, out=out, sleep=sleep, monotonic=monotonic
    )


def _follow(
    client: RecognitionClient,
    job: RecognitionJob,
    *,
    wait_seconds: float,
    out: TextIO,
    sleep: Callable[[float], None],
    monotonic: Callable[[], float],
) -> int:
    """Print what happens to the job until it ends or the wait is over."""
    seen_answers, seen_history = 0, len(job.history)
    started = last_sweep = monotonic()
    if wait_seconds > 0:
        print(f"waiting up to {wait_seconds:g} s for its answers…", file=out, flush=True)
    while True:
        now_job = client.get(job.job_id) or job
        for answer in now_job.answers[seen_answers:]:
            _print_envelope(out, "←", "files.tabular_parsed", answer)
        for entry in now_job.history[seen_history:]:
            print(f"  {_history_line(entry)}", file=out, flush=True)
        seen_answers, seen_history = len(now_job.answers), len(now_job.history)
        if not now_job.is_open:
            return _ended(now_job, out)
        if monotonic() - started >= wait_seconds:
            print(
                f"job {job.job_id} is still {now_job.status}: "
                f"`contract-check recognitions show {job.job_id}` later",
                file=out,
            )
            return EXIT_OK
        if monotonic() - last_sweep >= SWEEP_EVERY_SECONDS:
            client.sweep()  # what the schedule does on AWS
            last_sweep = monotonic()
            continue
        sleep(POLL_SECONDS)


def show_job(client: RecognitionClient, job_id: str, stdout: TextIO | None = None) -> int:
    """Print a job: its envelopes, request and answers, and its changes; the exit code."""
    out = stdout or sys.stdout
    job = client.get(job_id)
    if job is None:
        print(f"no recognition job {job_id}", file=sys.stderr)
        return EXIT_USAGE
    print(f"job {job.job_id}: {job.status}", file=out)
    _print_envelope(out, "→", job.subject, job.request)
    for answer in job.answers:
        _print_envelope(out, "←", "files.tabular_parsed", answer)
    print("history:", file=out)
    for entry in job.history:
        print(f"  {_history_line(entry)}", file=out)
    if job.is_open:
        return EXIT_OK
    return _ended(job, out)


def _ended(job: RecognitionJob, out: TextIO) -> int:
    if job.result_s3:
        print(f"result: s3://{job.result_s3['bucket']}/{job.result_s3['key']}", file=out)
    if job.error:
        print(f"error: {job.error['code']}: {job.error['message']}", file=out)
    print(f"job {job.job_id} ended {job.status}", file=out)
    return EXIT_OK if job.status in ENDED_WELL else EXIT_FAILED


def _print_envelope(out: TextIO, arrow: str, subject: str, detail: dict[str, Any]) -> None:
    print(f"{arrow} {subject} {detail.get('msg_id')}", file=out)
    text = json.dumps(detail, ensure_ascii=False, indent=2, sort_keys=True)
    print("\n".join(f"    {line}" for line in text.splitlines()), file=out, flush=True)


def _history_line(entry: dict[str, Any]) -> str:
    line = f"{entry['at']}  {entry['event']:<14} → {entry['status']}"
    if entry.get("msg_id"):
        line += f"  ({entry['msg_id']})"
    if entry.get("republish"):
        line += f"  republish {entry['republish']}"
    return line
