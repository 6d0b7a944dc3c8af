"""`contract-check`: the local cloud, the demo, a reviewer's decision and local recognition.

Exit codes: 0 ok, 1 what the command reports as a failure (e.g. a document
failed in the demo), 2 usage or infrastructure errors.
"""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

    from chalicelib.evaluation.labels import Split
    from chalicelib.extract import ExtractLimits
    from infra.localcloud.cloud import LocalCloud
    from infra.localcloud.telegram_local import LocalTelegram

EXIT_OK = 0
EXIT_INFRA = 2


def _pairs(values: list[str], flag: str) -> dict[str, str]:
    pairs = {}
    for value in values:
        key, sep, item = value.partition("=")
        if not sep or not key:
            raise ValueError(f"{flag} takes NAME=VALUE, got {value!r}")
        pairs[key] = item
    return pairs


def _print_endpoints(cloud: LocalCloud) -> None:
    d = cloud.deployment
    rows = [("AWS endpoint (moto)", cloud.endpoint_url or "")]
    if cloud.api_url:
        rows.append(("web page", f"{cloud.api_url}/"))
        rows.append(("HTTP API", f"{cloud.api_url}/v1/"))
        rows.append(("sign in (local)", f"POST {cloud.api_url}/v1/auth/dev"))
    rows += [("bucket", d.bucket), ("table", d.table), ("state machine", d.state_machine_arn)]
    rows += sorted(d.function_names.items())
    width = max(len(label) for label, _ in rows) + 2
    print("The local cloud is up (Ctrl-C stops it).")
    for label, value in rows:
        print(f"  {label + ':':<{width}}{value}")
    print("\nTo use it from another shell:")
    print(
        f"  export AWS_ENDPOINT_URL={cloud.endpoint_url} AWS_DEFAULT_REGION={d.region} "
        "AWS_ACCESS_KEY_ID=testing AWS_SECRET_ACCESS_KEY=testing"
    )
    print(f"  export TABLE_NAME={d.table} BUCKET_NAME={d.bucket}", flush=True)


def wait_for_stop() -> None:
    """Block until Ctrl-C or SIGTERM."""
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        while not stop.wait(0.5):
            pass
    except KeyboardInterrupt:
        pass
    # A second Ctrl-C must not cut the shutdown short and leave threads or files behind.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def local_up(args: argparse.Namespace) -> int:
    """Run the local cloud and the HTTP API on localhost until Ctrl-C."""
    from infra.localcloud.cloud import LocalCloud

    try:
        parameters, env = _pairs(args.param, "--param"), _pairs(args.env, "--env")
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return EXIT_INFRA
    from infra.localcloud.environment import shell_overrides
    from infra.localcloud.telegram_local import LocalTelegram

    # The bot talks to a fake Telegram on localhost (this machine reaches no real one).
    telegram = LocalTelegram().start()
    overrides = {**shell_overrides(), **telegram.environment(), **env}
    cloud = LocalCloud(parameters=parameters, env_overrides=overrides)
    from infra.localcloud.progress import working

    try:
        with working("Starting the local cloud…"):
            cloud.start_server(port=args.port, api_port=None if args.no_api else args.api_port)
            webhook = telegram.connect(cloud)
    except Exception as exc:  # noqa: BLE001  # any failure to start is an infrastructure error
        print(f"the local cloud did not start: {type(exc).__name__}: {exc}", file=sys.stderr)
        cloud.stop()
        telegram.stop()
        return EXIT_INFRA
    from infra.localcloud.demo import SESSION_FILE, write_session
    from infra.localcloud.fake_recognizer import LocalRecognizer
    from infra.localcloud.mailbox import MailPrinter, sent_mail

    # The external recognizer's fake on the S3 share, and its poller's schedule.
    recognizer = LocalRecognizer(cloud).start()

    # Account mail (verification, password reset) goes to moto's SES: printed here.
    deployment = cloud.deployment
    mailbox = MailPrinter(lambda: sent_mail(deployment.account_id, deployment.region), sys.stdout)
    try:
        _print_endpoints(cloud)
        _print_telegram(telegram, webhook)
        print("account mail (SES) is printed here as it is sent", flush=True)
        write_session(cloud)
        mailbox.start()
        wait_for_stop()
    finally:
        print("\nstopping…", flush=True)
        mailbox.stop()
        recognizer.stop()
        SESSION_FILE.unlink(missing_ok=True)
        cloud.stop()
        telegram.stop()
    return EXIT_OK


def _print_telegram(telegram: LocalTelegram, webhook: str) -> None:
    fake = telegram.fake
    print("\nThe Telegram bot (its webhook is set on a local fake of the Bot API):")
    print(f"  webhook (Function URL): {webhook}")
    print(f"  fake Bot API:           {fake.base_url}/bot<token>/<method>")
    print("  a user's update, as Telegram posts it:")
    print(
        f"    curl -s {webhook} -H 'X-Telegram-Bot-Api-Secret-Token: {telegram.secret}' "
        "-H 'content-type: application/json' \\\n"
        '      -d \'{"update_id": 1, "message": {"message_id": 1, "date": 0, '
        '"chat": {"id": 7, "type": "private"}, "from": {"id": 7, '
        '"is_bot": false, "first_name": "Anna"}, "text": "/help"}}\''
    )
    print("  the whole conversation with a file: contract-check telegram send FILE…", flush=True)


def local_status(args: argparse.Namespace) -> int:
    """What a running local cloud is doing: runs in flight, failed runs, queue depths."""
    from infra.localcloud.demo import SESSION_FILE
    from infra.localcloud.status import run_status

    return run_status(SESSION_FILE, as_json=args.json)


def _lead_entry(name: str) -> Callable[..., int] | None:
    """A command implemented in infra.localcloud.demo, imported only when run."""
    try:
        module = importlib.import_module("infra.localcloud.demo")
    except ModuleNotFoundError as exc:
        if exc.name != "infra.localcloud.demo":
            raise
        return None
    entry: Callable[..., int] | None = getattr(module, name, None)
    return entry


def _call_lead(name: str, *call_args: Any) -> int:
    entry = _lead_entry(name)
    if entry is None:
        print(f"infra.localcloud.demo.{name} is not available in this build", file=sys.stderr)
        return EXIT_INFRA
    return int(entry(*call_args))


def demo(args: argparse.Namespace) -> int:
    """Push documents through the real pipeline on the local cloud."""
    files = [Path(f) for f in args.files]
    missing = [str(f) for f in files if not f.is_file()]
    if missing:
        print(f"no such file: {', '.join(missing)}", file=sys.stderr)
        return EXIT_INFRA
    return _call_lead("run_demo", files, args.keep)


def review(args: argparse.Namespace) -> int:
    """A reviewer's decision on a held document."""
    return _call_lead("run_review", args.document_id, args.decision, args.reviewer, args.comment)


def _production_limits() -> ExtractLimits:
    """Extract's limits as the Lambda has them; no table or bucket is touched."""
    from chalicelib.extract import ExtractLimits
    from chalicelib.settings import Settings

    return ExtractLimits.from_settings(Settings(table_name="-", bucket_name="-"))


def evaluate(args: argparse.Namespace) -> int:
    """Extract and Prescreen on labelled contracts, scored against their labels."""
    import json

    from chalicelib.evaluation import evaluate_corpus, render_table

    corpus = Path(args.corpus)
    if not corpus.is_dir():
        print(f"no such corpus directory: {corpus}", file=sys.stderr)
        return EXIT_INFRA
    limits = _production_limits()
    try:
        splits: tuple[Split, ...] = ("train", "test") if args.split == "all" else (args.split,)
        summary = evaluate_corpus(corpus, limits=limits, workers=args.workers, splits=splits)
    except (FileNotFoundError, ValueError) as exc:
        print(exc, file=sys.stderr)
        return EXIT_INFRA
    print(render_table(summary, misses=not args.no_misses))
    if args.compare:
        from chalicelib.evaluation.report import changed_answers, render_changes

        previous = json.loads(Path(args.compare).read_text(encoding="utf-8"))
        print()
        print(render_changes(changed_answers(previous, summary), against=args.compare))
    if args.json:
        Path(args.json).write_text(json.dumps(summary, ensure_ascii=False, indent=2) + "\n")
        print(f"\nwrote {args.json}")
    return EXIT_OK


def telegram_send(args: argparse.Namespace) -> int:
    """A user sends files to the bot on a local cloud; the conversation is printed."""
    files = [Path(f) for f in args.files]
    missing = [str(f) for f in files if not f.is_file()]
    if missing:
        print(f"no such file: {', '.join(missing)}", file=sys.stderr)
        return EXIT_INFRA
    from infra.localcloud.telegram_local import run_telegram_send

    return run_telegram_send(files, album=args.album, language=args.lang)


def train_clauses(args: argparse.Namespace) -> int:
    """Fit the clause detectors on a CUAD directory's train split and write the model file."""
    from chalicelib.evaluation.train_clauses import write_model

    corpus = Path(args.corpus)
    if not (corpus / "labels.tsv").is_file() or not (corpus / "spans.jsonl").is_file():
        print(f"{corpus} has no labels.tsv and spans.jsonl to train on", file=sys.stderr)
        return EXIT_INFRA
    model = write_model(corpus, Path(args.out))
    for name, detector in model["detectors"].items():
        print(
            f"{name:<30} train 5-fold F1 {detector['cv_f1']:.3f}  threshold "
            f"{detector['threshold']:.3f}  {len(detector['weights'])} weights"
        )
    print(f"wrote {args.out} ({Path(args.out).stat().st_size // 1024} KB)")
    return EXIT_OK


def calibrate(args: argparse.Namespace) -> int:
    """Fit the calibrated confidence of each fact on the train split and write its file."""
    from chalicelib.evaluation.calibrate import write_calibration

    corpus = Path(args.corpus)
    if not corpus.is_dir():
        print(f"no such corpus directory: {corpus}", file=sys.stderr)
        return EXIT_INFRA
    data = write_calibration(
        corpus, limits=_production_limits(), workers=args.workers, out=Path(args.out)
    )
    trained = ", ".join(f"{n} {language}" for language, n in data["trained_on"].items())
    for language, facts in data["languages"].items():
        print(f"{language}: {len(facts)} facts calibrated ({', '.join(facts)})")
    print(f"wrote {args.out} from the train split ({trained} documents)")
    return EXIT_OK


def rewordings(args: argparse.Namespace) -> int:
    """How prescreen's readings of train's CUAD spans hold when the spans are reworded."""
    from chalicelib.evaluation.rewording import check, preamble_check, render, render_preambles

    corpus = Path(args.corpus)
    if not (corpus / "labels.tsv").is_file() or not (corpus / "spans.jsonl").is_file():
        print(f"{corpus} has no labels.tsv and spans.jsonl to read", file=sys.stderr)
        return EXIT_INFRA
    print(render(check(corpus), examples=args.examples))
    print()
    print(render_preambles(preamble_check(corpus), examples=args.examples))
    return EXIT_OK


def recognize(args: argparse.Namespace) -> int:
    """Trial balances and statements recognised on this machine; no cloud."""
    from infra.localcloud.recognize_cli import run_recognize

    files = [Path(f) for f in args.files]
    return run_recognize(files, Path(args.json) if args.json else None)


def recognitions_submit(args: argparse.Namespace) -> int:
    """Our recognition client on a running local cloud: upload, submit, follow the job."""
    from infra.localcloud.recognitions_cli import run_submit

    return run_submit(
        Path(args.file),
        pipeline=args.pipeline,
        deadline_seconds=args.deadline_seconds,
        wait_seconds=args.wait,
    )


def recognitions_show(args: argparse.Namespace) -> int:
    """A recognition job of a running local cloud: its envelopes and its changes."""
    from infra.localcloud.recognitions_cli import run_show

    return run_show(args.job_id)


def _add_recognitions(commands: Any) -> None:
    """`recognitions submit` and `recognitions show`: our recognition client, locally."""
    jobs = commands.add_parser(
        "recognitions", help="recognition jobs of our client on a running local cloud"
    )
    job_commands = jobs.add_subparsers(dest="recognitions_command", required=True)
    submit = job_commands.add_parser(
        "submit",
        help="upload FILE, send it to the recognition service, print the job's envelopes",
        description="Upload FILE to the bucket, submit a recognition job for it (the request "
        "goes on the recognition bus) and print each envelope and change of the job until it "
        "ends or --wait runs out. Exit 0: done or needs_check (or still waiting); 1: error, "
        "dlq or timeout.",
    )
    submit.add_argument("file", metavar="FILE", help="XLS, XLSX, XLSB, PDF, PNG or JPG")
    submit.add_argument(
        "--pipeline",
        choices=("tabular", "image"),
        help="default: tabular for workbooks and PDFs, image for pictures",
    )
    submit.add_argument(
        "--deadline-seconds",
        type=int,
        metavar="N",
        help="the reply deadline, N seconds from now (default: RECOGNITION_REPLY_SECONDS)",
    )
    submit.add_argument(
        "--wait", type=float, default=180.0, metavar="S", help="seconds to follow the job"
    )
    submit.set_defaults(run=recognitions_submit)
    show = job_commands.add_parser("show", help="a job's envelopes and changes")
    show.add_argument("job_id", metavar="JOB_ID")
    show.set_defaults(run=recognitions_show)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("contract-check")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown"


def build_parser() -> argparse.ArgumentParser:
    """The command line: `local up`, `demo`, `review`, `eval`, `recognize`."""
    parser = argparse.ArgumentParser(prog="contract-check", description=__doc__)
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    commands = parser.add_subparsers(dest="command", required=True)

    local = commands.add_parser("local", help="the embedded local cloud")
    local_commands = local.add_subparsers(dest="local_command", required=True)
    up = local_commands.add_parser("up", help="run moto + the HTTP API on localhost")
    up.add_argument("--port", type=int, default=5000, help="moto's port (0: any free port)")
    up.add_argument("--api-port", type=int, default=8000, help="the HTTP API's port (0: any)")
    up.add_argument("--no-api", action="store_true", help="do not serve the HTTP API")
    up.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                    help="a template parameter, e.g. RefundPolicy=infra_only")  # fmt: skip
    up.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                    help="an environment override for every handler")  # fmt: skip
    up.set_defaults(run=local_up)
    status = local_commands.add_parser(
        "status", help="runs in flight, failed runs and queue depths of a running local cloud"
    )
    status.add_argument("--json", action="store_true", help="print the status as JSON")
    status.set_defaults(run=local_status)

    run_demo = commands.add_parser("demo", help="documents through the pipeline, locally")
    run_demo.add_argument("files", nargs="*", help="documents (none: the demo's samples)")
    run_demo.add_argument(
        "--keep", action="store_true", help="keep the cloud up afterwards, to review held documents"
    )
    run_demo.set_defaults(run=demo)

    decide = commands.add_parser("review", help="decide a document held for review")
    decide.add_argument("document_id")
    decide.add_argument("--decision", required=True, choices=["approve", "deep_analysis", "reject"])
    decide.add_argument("--reviewer", default="local-reviewer", help="who decides (recorded)")
    decide.add_argument("--comment", default="", help="why (shown in the report)")
    decide.set_defaults(run=review)

    telegram = commands.add_parser("telegram", help="the Telegram bot on a local cloud")
    telegram_commands = telegram.add_subparsers(dest="telegram_command", required=True)
    send = telegram_commands.add_parser(
        "send", help="play a user sending files to the bot; print the conversation"
    )
    send.add_argument("files", nargs="+", help="documents, or pictures (sent as photos)")
    send.add_argument("--album", action="store_true", help="send the pictures as one album")
    send.add_argument("--lang", default="ru", help="the user's Telegram language (ru, en, ...)")
    send.set_defaults(run=telegram_send)

    _add_measuring(commands)

    read = commands.add_parser(
        "recognize",
        help="trial balances (ОСВ) and statements in workbooks, summarised; no cloud",
        description="Recognise XLSX, XLS, XLSB or ODS files locally and print a summary of "
        "each: documents, rows, sums, failed checks. Exit 0 when every file was recognised, "
        "1 when any ended in error.",
    )
    read.add_argument("files", nargs="+", metavar="FILE", help="workbooks to recognise")
    read.add_argument(
        "--json",
        metavar="OUT",
        help="write the result file v1.2: one FILE → OUT is that file; several → OUT is a "
        "directory that gets FILE.result.json for each",
    )
    read.set_defaults(run=recognize)
    _add_recognitions(commands)
    return parser


def _cuad_directory(parser: argparse.ArgumentParser) -> None:
    """The optional CUAD directory a command reads (train and rewordings)."""
    parser.add_argument(
        "corpus",
        nargs="?",
        default=str(Path(os.environ.get("CORPUS_DIR", "../shared/corpus")) / "en_cuad_dev"),
        help="a CUAD directory (default: $CORPUS_DIR/en_cuad_dev)",
    )


def _add_measuring(commands: Any) -> None:
    """`eval`, `train` and `calibrate`: how well prescreen reads, and fitting what it learns."""
    measure = commands.add_parser("eval", help="prescreen accuracy on labelled contracts")
    measure.add_argument(
        "corpus",
        nargs="?",
        default=os.environ.get("CORPUS_DIR", "../shared/corpus"),
        help="a directory like the shared corpus, or any directory with its own labels.tsv of "
        "CUAD's columns such as en_cuad_dev (default: $CORPUS_DIR or ../shared/corpus)",
    )
    measure.add_argument("--json", metavar="OUT", help="also write the results as JSON here")
    measure.add_argument("--workers", type=int, default=2, help="documents read at once")
    measure.add_argument("--no-misses", action="store_true", help="print the tables only")
    measure.add_argument(
        "--compare",
        metavar="EARLIER",
        help="an earlier run's --json: also list every answer that changed, right or wrong "
        "(a wrong answer replaced by another wrong one moves no figure of the tables)",
    )
    measure.add_argument(
        "--split",
        choices=("all", "train", "test"),
        default="all",
        help="which documents: train (tune on these), test (held out: the final numbers), "
        "or all, side by side (default)",
    )
    measure.set_defaults(run=evaluate)

    fit = commands.add_parser(
        "train",
        help="fit the clause detectors on CUAD's spans (train split only)",
        description="Fit the learned clause detectors on a CUAD directory's train split "
        "(labels.tsv and spans.jsonl) and write the model file prescreen ships. The same "
        "data gives the same file, byte for byte.",
    )
    _cuad_directory(fit)
    fit.add_argument(
        "--out",
        default=str(Path(__file__).resolve().parents[2] / "chalicelib/prescreen/clause_model.json"),
        help="where the model file goes (default: the one prescreen ships)",
    )
    fit.set_defaults(run=train_clauses)

    scale = commands.add_parser(
        "calibrate",
        help="fit each fact's calibrated confidence on the train split",
        description="Screen the train split of a corpus like the shared one (its own labelled "
        "documents and en_cuad_dev's train split) and fit, per language and fact, the "
        "probability that prescreen got the fact right. Run after train: the confidence "
        "reads the clause detectors' margins.",
    )
    scale.add_argument(
        "corpus",
        nargs="?",
        default=os.environ.get("CORPUS_DIR", "../shared/corpus"),
        help="the shared corpus (default: $CORPUS_DIR or ../shared/corpus)",
    )
    scale.add_argument("--workers", type=int, default=2, help="documents read at once")
    scale.add_argument(
        "--out",
        default=str(Path(__file__).resolve().parents[2] / "chalicelib/prescreen/calibration.json"),
        help="where the calibration file goes (default: the one prescreen ships)",
    )
    scale.set_defaults(run=calibrate)

    reword = commands.add_parser(
        "rewordings",
        help="how the rules hold when train's clauses are worded another way",
        description="Read each of the train split's CUAD spans of the clauses prescreen's rules "
        "decide, then the same spans reworded as drafting varies, and count the readings "
        "that changed; then train's party names in preambles of our own forms, each read for "
        "both sides and its date. Reads the train split only.",
    )
    _cuad_directory(reword)
    reword.add_argument(
        "--examples", type=int, default=0, help="print up to this many lost spans per rewording"
    )
    reword.set_defaults(run=rewordings)


def main(argv: list[str] | None = None) -> int:
    """The console script's entry point."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on usage errors, 0 on --help
        return int(exc.code or 0)
    run: Callable[[argparse.Namespace], int] = args.run
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
