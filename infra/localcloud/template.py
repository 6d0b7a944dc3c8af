"""Loads the SAM template and transforms it offline, as `sam build` + CloudFormation would."""

from __future__ import annotations

import copy
import functools
import json
import threading
from typing import TYPE_CHECKING, Any

import yaml

if TYPE_CHECKING:
    from pathlib import Path

# Local CodeUri/ContentUri paths are rewritten to this fake bucket before the
# transform (samtranslator accepts only S3 locations); the original path stays
# in the key, so the transformed Code.S3Key still says where the code lives.
CODE_BUCKET = "localcloud-code"

_SHORT_TAGS = (
    "Ref",
    "Condition",
    "GetAtt",
    "Sub",
    "Join",
    "If",
    "Equals",
    "Not",
    "And",
    "Or",
    "Select",
    "Split",
    "FindInMap",
    "GetAZs",
    "ImportValue",
    "Base64",
    "Cidr",
)


class TemplateError(Exception):
    """The template cannot be loaded or transformed."""


# libyaml's parser when PyYAML was built with it (the wheels are): the template is read at
# every local cloud's start, and the pure-Python parser took most of a second over it.
if TYPE_CHECKING:
    _SafeLoader = yaml.SafeLoader
else:
    _SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _CfnLoader(_SafeLoader):
    """A YAML loader that turns CloudFormation short tags into their long form."""


def _construct_intrinsic(loader: _CfnLoader, tag_suffix: str, node: yaml.Node) -> dict[str, Any]:
    if tag_suffix not in _SHORT_TAGS:
        raise TemplateError(f"unknown tag !{tag_suffix} at {node.start_mark}")
    key = tag_suffix if tag_suffix in ("Ref", "Condition") else f"Fn::{tag_suffix}"
    value: Any
    if isinstance(node, yaml.ScalarNode):
        value = loader.construct_scalar(node)
        if tag_suffix == "GetAtt":
            value = str(value).split(".", 1)
    elif isinstance(node, yaml.SequenceNode):
        value = loader.construct_sequence(node, deep=True)
    else:
        value = loader.construct_mapping(node, deep=True)  # type: ignore[arg-type]
    return {key: value}


_CfnLoader.add_multi_constructor("!", _construct_intrinsic)


def load_sam_template(path: Path) -> dict[str, Any]:
    """The SAM template as plain data, short tags in their long form (the caller's own copy)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise TemplateError(f"cannot read {path}: {exc}") from exc
    return copy.deepcopy(_parsed(text, str(path)))


@functools.lru_cache(maxsize=4)
def _parsed(text: str, where: str) -> dict[str, Any]:
    """One parse per template text: tests start a local cloud hundreds of times."""
    try:
        loaded = yaml.load(text, Loader=_CfnLoader)  # noqa: S506
    except yaml.YAMLError as exc:
        raise TemplateError(f"cannot read {where}: {exc}") from exc
    if not isinstance(loaded, dict) or "Resources" not in loaded:
        raise TemplateError(f"{where} is not a CloudFormation template")
    return loaded


def _local_path(value: Any) -> str | None:
    if isinstance(value, str) and not value.startswith("s3://"):
        return value.removeprefix("./")
    return None


def _inline_definition(props: dict[str, Any], project_root: Path, logical_id: str) -> None:
    uri = _local_path(props.get("DefinitionUri"))
    if uri is None:
        return
    asl = project_root / uri
    if not asl.is_file():
        raise TemplateError(f"{logical_id}: DefinitionUri {uri} not found under {project_root}")
    try:
        props["Definition"] = json.loads(asl.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise TemplateError(f"{logical_id}: {uri} is not valid JSON: {exc}") from exc
    del props["DefinitionUri"]


def prepare_for_transform(sam: dict[str, Any], project_root: Path) -> dict[str, Any]:
    """What `sam build` does before the transform: code to S3 locations, ASL inlined."""
    template = copy.deepcopy(sam)
    globals_fn = template.get("Globals", {}).get("Function", {})
    for logical_id, resource in template["Resources"].items():
        props = resource.setdefault("Properties", {})
        kind = resource.get("Type")
        if kind == "AWS::Serverless::Function":
            path = _local_path(props.get("CodeUri", globals_fn.get("CodeUri")))
            if path is not None:
                props["CodeUri"] = f"s3://{CODE_BUCKET}/{path}"
        elif kind == "AWS::Serverless::LayerVersion":
            path = _local_path(props.get("ContentUri"))
            if path is not None:
                props["ContentUri"] = f"s3://{CODE_BUCKET}/{path}"
        elif kind == "AWS::Serverless::StateMachine":
            _inline_definition(props, project_root, logical_id)
    return template


@functools.cache
def _translator_session(region: str) -> Any:
    import boto3

    return boto3.Session(region_name=region)


def transform_template(
    sam: dict[str, Any], project_root: Path, region: str, parameters: dict[str, str]
) -> dict[str, Any]:
    """The SAM template as plain CloudFormation, transformed offline by samtranslator.

    The transform is a pure function of the prepared template, the region and the
    parameters; tests start a local cloud hundreds of times with the same ones, so each
    distinct input is transformed once per process and each caller gets its own copy.
    """
    prepared = prepare_for_transform(sam, project_root)
    key = json.dumps([prepared, region, parameters], sort_keys=True, default=str)
    with _transformed_lock:
        if key not in _transformed:
            _transformed[key] = _transform(prepared, region, parameters)
        return copy.deepcopy(_transformed[key])


_transformed: dict[str, dict[str, Any]] = {}
_transformed_lock = threading.Lock()


def _transform(prepared: dict[str, Any], region: str, parameters: dict[str, str]) -> dict[str, Any]:
    from samtranslator.metrics.metrics import DummyMetricsPublisher, Metrics
    from samtranslator.model.exceptions import InvalidDocumentException
    from samtranslator.parser.parser import Parser
    from samtranslator.translator.translator import Translator

    # The session only tells samtranslator the region (for ARN partitions); no call is made.
    # One per region for the process: a new one would read botocore's endpoint data again
    # (most of a second) at every local cloud's start.
    metrics = Metrics("ServerlessTransform", DummyMetricsPublisher())
    session = _translator_session(region)
    translator = Translator({}, Parser(), boto_session=session, metrics=metrics)
    try:
        result: dict[str, Any] = translator.translate(prepared, parameter_values=dict(parameters))
    except InvalidDocumentException as exc:
        causes = "; ".join(str(cause) for cause in exc.causes)
        raise TemplateError(f"SAM transform failed: {causes}") from exc
    finally:
        metrics.publish()  # to nowhere: unpublished metrics make samtranslator warn
    return result


def code_location(function_resource: dict[str, Any]) -> str:
    """Where a transformed function's code lives, relative to the project root."""
    code = function_resource.get("Properties", {}).get("Code", {})
    if code.get("S3Bucket") != CODE_BUCKET:
        raise TemplateError(f"function code is not local: {code}")
    return str(code["S3Key"])


def handler_module(code_uri: str, handler: str) -> tuple[str, str]:
    """The module and attribute a Lambda `Handler` names, given the function's CodeUri.

    `functions/extract/` + `handler.handler` is `functions.extract.handler:handler`;
    a zip (Chalice's deployment.zip) holds the project root, so `app.app` is `app:app`.
    """
    module, _, attribute = handler.rpartition(".")
    if not module or not attribute:
        raise TemplateError(f"Handler {handler!r} is not module.attribute")
    package = "" if code_uri.endswith(".zip") else code_uri.strip("/").replace("/", ".")
    return (f"{package}.{module}" if package else module), attribute
