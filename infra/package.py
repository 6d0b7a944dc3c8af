"""Builds the deployable artefacts in out/: the merged template, function code and layers.

    python -m infra.package [--out out] [--template-only] [--lint]
        [--tesseract-dir DIR | --without-tesseract]

1. `chalice package --merge-template infra/template.yaml OUT` (the HTTP API + the
   SAM template), then the state machine's ASL is inlined as `Definition` so
   deploying needs no upload; the result is OUT/sam.json (and OUT/statemachines-lint.json,
   the ASL in a form cfn-lint validates);
2. each `functions/<dir>/` named by a CodeUri is copied to OUT/functions/<dir>/;
3. the layers: OUT/layers/core/python (chalicelib with its web page + [project].dependencies
   + the `llm` extra + the `api` extra but Chalice) and OUT/layers/extract/python (the
   `extract` extra), installed for Lambda's platform with pip; the Tesseract build (see
   layers/README.md) is copied in from --tesseract-dir or $TESSERACT_DIR when given.
--bundle-layers also copies each function's layers into its code (for LocalStack
Community, which does not apply layers). Deploy with
`sam deploy -t OUT/sam.json --resolve-s3 --capabilities CAPABILITY_IAM CAPABILITY_AUTO_EXPAND`.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path
from typing import Any

import yaml

from chalicelib.settings import CORS_ORIGIN_VARIABLE, web_origin

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = ROOT / "infra" / "template.yaml"
# Lambda's python3.11 runs on Amazon Linux 2 (glibc 2.26): manylinux2014 wheels fit it.
PIP_PLATFORM = ("--platform", "manylinux2014_x86_64", "--implementation", "cp")
PIP_PYTHON = ("--python-version", "3.11", "--only-binary=:all:")
ASL_LINT = "statemachines-lint.json"
# The clause detectors' out-of-fold scores are for fitting the calibration, not for a Lambda.
_IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache", "*.oof.json")


class PackagingError(Exception):
    """A packaging step failed."""


def _run(command: list[str], **kwargs: Any) -> None:
    print("+", " ".join(command), flush=True)
    result = subprocess.run(command, check=False, **kwargs)
    if result.returncode != 0:
        raise PackagingError(f"{command[0]} exited with {result.returncode}")


def _sam_template() -> dict[str, Any]:
    from infra.localcloud.template import load_sam_template

    return load_sam_template(TEMPLATE)


def chalice_package(out: Path) -> None:
    """Merge the Chalice API into the SAM template; the result is OUT/sam.json."""
    chalice = Path(sys.executable).with_name("chalice")
    env = {**os.environ, "AWS_DEFAULT_REGION": os.environ.get("AWS_DEFAULT_REGION", "us-east-1")}
    _run([str(chalice), "package", "--merge-template", str(TEMPLATE), str(out)], cwd=ROOT, env=env)
    merged_path = out / "sam.yaml"  # chalice writes YAML when the merged template is YAML
    merged = yaml.safe_load(merged_path.read_text(encoding="utf-8"))
    inline_state_machines(merged)
    call_api_functions_by_name(merged)
    record_web_origin(merged, web_origin())
    (out / "sam.json").write_text(json.dumps(merged, indent=2) + "\n", encoding="utf-8")
    merged_path.unlink()
    lint_template = asl_lint_template(merged)
    (out / ASL_LINT).write_text(json.dumps(lint_template, indent=2) + "\n", encoding="utf-8")


def asl_lint_template(template: dict[str, Any]) -> dict[str, Any]:
    """Each state machine's ASL as a native AWS::StepFunctions::StateMachine, for cfn-lint.

    cfn-lint validates `Definition` (E3601...) only on the native resource: SAM turns
    it into an Fn::Join string that cfn-lint cannot read. The ARNs are placeholders.
    """
    resources: dict[str, Any] = {}
    for logical_id, resource in template["Resources"].items():
        props = resource.get("Properties", {})
        if resource["Type"] != "AWS::Serverless::StateMachine" or "Definition" not in props:
            continue
        keys = props.get("DefinitionSubstitutions", {})
        resources[logical_id] = {
            "Type": "AWS::StepFunctions::StateMachine",
            "Properties": {
                "RoleArn": "arn:aws:iam::123456789012:role/placeholder",
                "Definition": props["Definition"],
                "DefinitionSubstitutions": {
                    key: f"arn:aws:lambda:us-east-1:123456789012:function:{key}" for key in keys
                },
            },
        }
    return {"AWSTemplateFormatVersion": "2010-09-09", "Resources": resources}


# The functions the API calls: its routes' handler and the bearer authorizer.
API_FUNCTIONS = ("APIHandler", "BearerToken")


def call_api_functions_by_name(template: dict[str, Any]) -> None:
    """Point the API at its functions' fixed FunctionNames, not their ARNs.

    Chalice writes `${APIHandler.Arn}` into every integration URI (and `${BearerToken.Arn}`
    into the authorizer's), so the API depends on the functions; their USAGE_PLAN_ID refers
    to the usage plan, which refers to the API's stage: a cycle CloudFormation refuses. The
    names are known before any of them exists.
    """
    resources = template["Resources"]
    region = "${AWS::Partition}:lambda:${AWS::Region}:${AWS::AccountId}"
    arns: dict[str, str] = {}
    for logical_id in API_FUNCTIONS:
        name = resources.get(logical_id, {}).get("Properties", {}).get("FunctionName")
        if not (isinstance(name, dict) and isinstance(name.get("Fn::Sub"), str)):
            raise PackagingError(f'{logical_id} needs FunctionName: !Sub "..." in the template')
        arns[f"${{{logical_id}.Arn}}"] = f"arn:{region}:function:{name['Fn::Sub']}"

    def rewrite(node: Any) -> Any:
        if isinstance(node, dict):
            return {k: rewrite(v) for k, v in node.items()}
        if isinstance(node, list):
            return [rewrite(item) for item in node]
        if isinstance(node, str):
            for reference, arn in arns.items():
                node = node.replace(reference, arn)
        return node

    api = resources.get("RestAPI", {}).get("Properties", {})
    if "DefinitionBody" in api:
        api["DefinitionBody"] = rewrite(api["DefinitionBody"])


def record_web_origin(template: dict[str, Any], origin: str) -> None:
    """The CORS origin this package was built with, where it must match at run time.

    Chalice bakes the preflight answers from the app as imported here; the function must
    answer with the same origin (its CORS_ALLOW_ORIGIN), and API Gateway's own refusals
    carry it too. Package with CORS_ALLOW_ORIGIN set to the web page's origin.
    """
    from infra.localcloud.gateway import allow_origin_on_gateway_responses

    if not origin:
        return
    resources = template["Resources"]
    handler = resources["APIHandler"]["Properties"]
    handler.setdefault("Environment", {}).setdefault("Variables", {})[CORS_ORIGIN_VARIABLE] = origin
    allow_origin_on_gateway_responses(resources, origin)


def inline_state_machines(template: dict[str, Any]) -> None:
    """Replace each local DefinitionUri with the ASL itself (`Definition`)."""
    for logical_id, resource in template["Resources"].items():
        props = resource.get("Properties", {})
        uri = props.get("DefinitionUri")
        if resource["Type"] == "AWS::Serverless::StateMachine" and isinstance(uri, str):
            asl = ROOT / uri
            if not asl.is_file():
                raise PackagingError(f"{logical_id}: {uri} not found")
            props["Definition"] = json.loads(asl.read_text(encoding="utf-8"))
            del props["DefinitionUri"]


def copy_functions(out: Path) -> list[str]:
    """Copy every local function CodeUri directory into OUT; the directories copied."""
    copied = []
    for resource in _sam_template()["Resources"].values():
        uri = resource.get("Properties", {}).get("CodeUri")
        if resource["Type"] != "AWS::Serverless::Function" or not isinstance(uri, str):
            continue
        if uri.endswith(".zip"):
            continue  # Chalice's deployment.zip, written by chalice package
        source, target = ROOT / uri, out / uri
        if not source.is_dir():
            raise PackagingError(f"CodeUri {uri} is not a directory")
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(source, target, ignore=_IGNORE)
        copied.append(uri)
    return copied


def _project() -> dict[str, Any]:
    project: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return project


LAMBDA_LOCK = ROOT / "requirements" / "lambda.lock"


def pip_install(target: Path, requirements: list[str]) -> None:
    """Install requirements for Lambda's platform (not this machine's) into target, at the
    versions of requirements/lambda.lock (those of the tested venv)."""
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--upgrade", "-c", str(LAMBDA_LOCK)]
    _run([*pip, "--target", str(target), *PIP_PLATFORM, *PIP_PYTHON, *requirements])


def build_core_layer(layer: Path) -> None:
    """chalicelib, the core dependencies and the `llm` extra (httpx) under layer/python."""
    python = layer / "python"
    project = _project()
    # Prescreen and Analyze call a model when LLM_PROVIDER says so: its client is small.
    # The API renders reports as safe HTML (markdown-it-py, nh3: the `api` extra but Chalice,
    # whose runtime `chalice package` puts into the API's own package).
    extras = project["optional-dependencies"]
    api = [name for name in extras["api"] if not name.lower().startswith("chalice")]
    pip_install(python, [*project["dependencies"], *extras["llm"], *api])
    copy_chalicelib(python)


def copy_chalicelib(python: Path) -> None:
    """All of chalicelib into a layer's python/, files that are not Python included (the LLM
    prompts, the web page, the recognition contract's JSON Schemas and examples: their
    copies must stay byte-identical to the source, tests/unit/test_contract_copies.py)."""
    shutil.copytree(ROOT / "chalicelib", python / "chalicelib", ignore=_IGNORE)


def build_extract_layer(layer: Path, tesseract_dir: Path | None) -> None:
    """PyMuPDF, pytesseract, Pillow, and the prebuilt Tesseract (bin, lib, share/tessdata)."""
    pip_install(layer / "python", list(_project()["optional-dependencies"]["extract"]))
    if tesseract_dir is None:  # allowed by --without-tesseract only (see main)
        print(
            "warning: the extract layer has no OCR binary (--without-tesseract): scans will "
            "fail with OCR_UNAVAILABLE; see layers/README.md",
            file=sys.stderr,
        )
        return
    for part in ("bin", "lib", "share"):
        if not (tesseract_dir / part).is_dir():
            raise PackagingError(f"{tesseract_dir} has no {part}/: see layers/README.md")
        shutil.copytree(tesseract_dir / part, layer / part, dirs_exist_ok=True)


def build_layers(out: Path, tesseract_dir: Path | None) -> None:
    """Every layer the template names, by its ContentUri."""
    for logical_id, resource in _sam_template()["Resources"].items():
        if resource["Type"] != "AWS::Serverless::LayerVersion":
            continue
        uri = resource["Properties"]["ContentUri"]
        layer = out / uri
        shutil.rmtree(layer, ignore_errors=True)
        if uri == "layers/core":
            build_core_layer(layer)
        elif uri == "layers/extract":
            build_extract_layer(layer, tesseract_dir)
        elif uri == "layers/telegram":
            # aiogram for the bot worker and its progress messages; the webhook goes without.
            pip_install(layer / "python", list(_project()["optional-dependencies"]["telegram"]))
        elif uri == "layers/recognizer":
            # smbprotocol for the external recognizer's SMB share (the hand-off's functions).
            pip_install(layer / "python", list(_project()["optional-dependencies"]["recognizer"]))
        else:
            raise PackagingError(f"{logical_id}: no builder for layer {uri}")


def bundle_layers(out: Path) -> None:
    """Copy each function's layers' python/ into its code, for runtimes that ignore layers."""
    template = _sam_template()
    layer_dirs = {
        lid: out / r["Properties"]["ContentUri"] / "python"
        for lid, r in template["Resources"].items()
        if r["Type"] == "AWS::Serverless::LayerVersion"
    }
    global_layers = template.get("Globals", {}).get("Function", {}).get("Layers", [])
    for resource in template["Resources"].values():
        uri = resource.get("Properties", {}).get("CodeUri")
        if resource["Type"] != "AWS::Serverless::Function":
            continue
        for layer in [*global_layers, *resource["Properties"].get("Layers", [])]:
            if uri.endswith(".zip"):
                # Chalice's package (the API and its authorizer): the layer goes into the zip.
                _add_to_zip(out / uri, layer_dirs[layer["Ref"]])
            else:
                shutil.copytree(layer_dirs[layer["Ref"]], out / uri, dirs_exist_ok=True)


def _add_to_zip(archive: Path, tree: Path) -> None:
    """Add every file under `tree` to the zip, at its path relative to `tree` (kept if there)."""
    with zipfile.ZipFile(archive, "a", compression=zipfile.ZIP_DEFLATED) as bundle:
        present = set(bundle.namelist())
        for path in sorted(tree.rglob("*")):
            name = path.relative_to(tree).as_posix()
            if path.is_file() and name not in present:
                bundle.write(path, name)


def lint(out: Path) -> None:
    """cfn-lint the source and packaged templates and the state machines' ASL (offline)."""
    cfn_lint = Path(sys.executable).with_name("cfn-lint")
    _run([str(cfn_lint), str(TEMPLATE), str(out / "sam.json"), str(out / ASL_LINT)])


def main(argv: list[str] | None = None) -> int:
    """Package; 0 when everything was built, 2 when a step failed."""
    parser = argparse.ArgumentParser(prog="python -m infra.package", description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "out")
    parser.add_argument("--template-only", action="store_true", help="only OUT/sam.json")
    parser.add_argument("--lint", action="store_true", help="cfn-lint the result")
    parser.add_argument(
        "--bundle-layers", action="store_true", help="also copy layers into each function"
    )
    parser.add_argument("--tesseract-dir", type=Path, default=os.environ.get("TESSERACT_DIR"))
    parser.add_argument(
        "--without-tesseract",
        action="store_true",
        default=os.environ.get("WITHOUT_TESSERACT") == "1",
        help="build the extract layer without OCR (scans then fail with OCR_UNAVAILABLE)",
    )
    args = parser.parse_args(argv)
    tesseract = Path(args.tesseract_dir) if args.tesseract_dir else None
    if not args.template_only and tesseract is None and not args.without_tesseract:
        print(
            "packaging refused: the extract layer would ship without Tesseract, so every scan "
            "would fail. Give its build (--tesseract-dir or TESSERACT_DIR, see layers/README.md)"
            " or say --without-tesseract (WITHOUT_TESSERACT=1).",
            file=sys.stderr,
        )
        return 2
    out: Path = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    try:
        chalice_package(out)
        if not args.template_only:
            copy_functions(out)
            build_layers(out, tesseract)
            if args.bundle_layers:
                bundle_layers(out)
        if args.lint:
            lint(out)
    except (PackagingError, OSError) as exc:
        print(f"packaging failed: {exc}", file=sys.stderr)
        return 2
    print(f"packaged into {out}")
    if not args.template_only:
        print(SET_WEBHOOK_HELP)
    return 0


# After `sam deploy`, Telegram must be told where the webhook is and which secret it sends.
SET_WEBHOOK_HELP = """
Then point the bot at its webhook (the TelegramWebhookUrl output), with the secret stored in
the TelegramWebhookSecretParameter and only the updates the bot handles:
  curl -s "https://api.telegram.org/bot$BOT_TOKEN/setWebhook" \\
    -d url="$WEBHOOK_URL" -d secret_token="$WEBHOOK_SECRET" \\
    -d allowed_updates='["message","callback_query"]' -d drop_pending_updates=true"""


if __name__ == "__main__":
    sys.exit(main())
