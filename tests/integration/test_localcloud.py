"""The local cloud's pieces, on a stub project: loading, intrinsics, environment, interceptor."""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any

import pytest

from infra.localcloud import EnvironmentConflictError, FunctionDeployment, LocalCloud
from infra.localcloud.intrinsics import Created, IntrinsicError, Resolver, resolve_parameters
from infra.localcloud.provision import ProvisionError, creation_order
from infra.localcloud.template import handler_module, load_sam_template, transform_template
from tests.integration.stub_project import STUB_HANDLERS, TEMPLATE

if TYPE_CHECKING:
    from pathlib import Path

pytestmark = pytest.mark.integration


def _function(logical_id: str, **environment: str) -> FunctionDeployment:
    return FunctionDeployment(
        logical_id, logical_id, f"arn:{logical_id}", "h.h", "f/", environment, 3, 128
    )


# --- the template -------------------------------------------------------------


def test_template_loader_turns_short_tags_into_long_form() -> None:
    template = load_sam_template(TEMPLATE)

    extract = template["Resources"]["ExtractFunction"]["Properties"]
    assert extract["Environment"]["Variables"]["STATE_MACHINE_ARN"] == {"Ref": "DocumentPipeline"}
    assert extract["EventInvokeConfig"]["DestinationConfig"]["OnFailure"]["Destination"] == {
        "Fn::GetAtt": ["ExtractDeadLetterQueue", "Arn"]
    }


def test_transform_points_code_at_local_paths_and_inlines_the_asl(stub_project: Path) -> None:
    sam = load_sam_template(stub_project / "infra" / "template.yaml")

    cfn = transform_template(sam, stub_project, "us-east-1", {})

    extract = cfn["Resources"]["ExtractFunction"]
    assert extract["Type"] == "AWS::Lambda::Function"
    assert extract["Properties"]["Code"]["S3Key"] == "functions/extract/"
    definition = cfn["Resources"]["DocumentPipeline"]["Properties"]["DefinitionString"]
    assert "${PrescreenFunctionArn}" in json.dumps(definition)


def test_handler_module_maps_code_uri_and_handler() -> None:
    assert handler_module("functions/extract/", "handler.handler") == (
        "functions.extract.handler",
        "handler",
    )
    assert handler_module("./deployment.zip", "app.app") == ("app", "app")


# --- intrinsics ---------------------------------------------------------------


def _resolver(**created: Created) -> Resolver:
    template = {
        "Conditions": {"IsProd": {"Fn::Equals": [{"Ref": "Stage"}, "prod"]}},
        "Mappings": {"Sizes": {"dev": {"Memory": 512}}},
    }
    pseudo = {"AWS::Region": "us-east-1", "AWS::AccountId": "123456789012"}
    return Resolver(template, {"Stage": "dev", "Origins": ["a", "b"]}, pseudo, created)


def test_resolver_handles_sub_join_if_select_split_and_no_value() -> None:
    fn = Created(ref="my-fn", attrs={"Arn": "arn:aws:lambda:us-east-1:123456789012:function:my-fn"})
    resolver = _resolver(Fn=fn)

    resolved = resolver.resolve(
        {
            "Sub": {"Fn::Sub": "${AWS::Region}/${Stage}/${Fn}/${Fn.Arn}"},
            "SubVars": {"Fn::Sub": ["${X}-${Stage}", {"X": {"Ref": "Fn"}}]},
            "Join": {"Fn::Join": ["-", ["a", {"Ref": "Stage"}]]},
            "If": {"Fn::If": ["IsProd", "big", "small"]},
            "Gone": {"Fn::If": ["IsProd", "x", {"Ref": "AWS::NoValue"}]},
            "Select": {"Fn::Select": [1, {"Ref": "Origins"}]},
            "Split": {"Fn::Split": [",", "p,q"]},
            "Map": {"Fn::FindInMap": ["Sizes", {"Ref": "Stage"}, "Memory"]},
        }
    )

    assert resolved == {
        "Sub": f"us-east-1/dev/my-fn/{fn.attrs['Arn']}",
        "SubVars": "my-fn-dev",
        "Join": "a-dev",
        "If": "small",
        "Select": "b",
        "Split": ["p", "q"],
        "Map": 512,
    }


def test_sub_leaves_context_paths_and_escaped_literals_alone() -> None:
    resolved = _resolver().resolve({"Fn::Sub": "$$.Task.Token ${!Literal} $.x"})

    assert resolved == "$$.Task.Token ${Literal} $.x"


def test_resolver_refuses_unknown_references() -> None:
    with pytest.raises(IntrinsicError, match="Missing"):
        _resolver().resolve({"Ref": "Missing"})


def test_parameters_take_defaults_and_refuse_unknown_or_disallowed_values() -> None:
    declared = {
        "RefundPolicy": {"Type": "String", "Default": "all", "AllowedValues": ["all", "infra_only"]}
    }

    assert resolve_parameters(declared, {}) == {"RefundPolicy": "all"}
    with pytest.raises(IntrinsicError, match="not one of"):
        resolve_parameters(declared, {"RefundPolicy": "some"})
    with pytest.raises(IntrinsicError, match="unknown"):
        resolve_parameters(declared, {"Nope": "x"})


def test_creation_order_puts_referenced_resources_first_and_rejects_cycles() -> None:
    resources: dict[str, Any] = {
        "Bucket": {"Properties": {"N": {"Fn::GetAtt": ["Fn", "Arn"]}}},
        "Fn": {"Properties": {"Env": {"Fn::Sub": "${Machine}"}}},
        "Machine": {"Properties": {}},
    }
    assert creation_order(resources) == ["Machine", "Fn", "Bucket"]

    resources["Machine"]["Properties"] = {"B": {"Ref": "Bucket"}}
    with pytest.raises(ProvisionError, match="circular"):
        creation_order(resources)


# --- the shared environment ---------------------------------------------------


def test_environments_merge_into_one_union_with_overrides() -> None:
    from infra.localcloud.environment import merge_environments

    merged = merge_environments(
        [_function("A", TABLE_NAME="t", X="1"), _function("B", TABLE_NAME="t", Y="2")],
        {"Y": "override"},
    )

    assert merged == {"TABLE_NAME": "t", "X": "1", "Y": "override"}


def test_environments_that_disagree_on_a_value_are_an_error_naming_both() -> None:
    from infra.localcloud.environment import merge_environments

    with pytest.raises(EnvironmentConflictError, match=r"LOG_LEVEL .* in A .* in B"):
        merge_environments([_function("A", LOG_LEVEL="INFO"), _function("B", LOG_LEVEL="DEBUG")])


def test_overrides_and_parameters_reach_the_environment_and_are_undone(stub_project: Path) -> None:
    os.environ.pop("REFUND_POLICY", None)
    cloud = LocalCloud(
        stub_project,
        handlers=STUB_HANDLERS,
        parameters={"RefundPolicy": "infra_only"},
        env_overrides={"LOG_LEVEL": "DEBUG"},
    )

    with cloud:
        assert os.environ["REFUND_POLICY"] == "infra_only"
        assert os.environ["LOG_LEVEL"] == "DEBUG"
        assert (
            cloud.deployment.functions["ExtractFunction"].environment["REFUND_POLICY"]
            == "infra_only"
        )

    assert "REFUND_POLICY" not in os.environ


def test_a_second_local_cloud_in_the_process_is_refused(
    stub_cloud: LocalCloud, stub_project: Path
) -> None:
    with pytest.raises(RuntimeError, match="already running"):
        LocalCloud(stub_project, handlers=STUB_HANDLERS).start()

    assert stub_cloud.invoke("AnalyzeFunction", {"still": "works"}).payload == {"still": "works"}
