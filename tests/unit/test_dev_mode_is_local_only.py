"""AUTH_MODE=dev (a sign-in as anyone, with no secret) runs on the embedded local cloud only.

The code refuses it at cold start without the marker only the local cloud sets, and inside
any Lambda runtime whatever the marker says; the template refuses to deploy it to a stack
that is not the local one.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from pydantic import ValidationError

from chalicelib import wiring
from chalicelib.settings import Settings, get_settings
from infra.localcloud.cloud import DEFAULT_PARAMETERS, LocalCloud
from infra.localcloud.template import load_sam_template

if TYPE_CHECKING:
    from collections.abc import Iterator

MARKER = "CONTRACT_CHECK_LOCAL_CLOUD"
TEMPLATE = Path(__file__).resolve().parents[2] / "infra" / "template.yaml"


@pytest.fixture
def environment(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """The resources every function has, nothing of the local cloud's or Lambda's."""
    monkeypatch.setenv("TABLE_NAME", "documents")
    monkeypatch.setenv("BUCKET_NAME", "bucket")
    for name in (MARKER, "AUTH_MODE", "AWS_EXECUTION_ENV", "AWS_LAMBDA_FUNCTION_NAME"):
        monkeypatch.delenv(name, raising=False)
    wiring.reset_cold_start()
    yield monkeypatch
    wiring.reset_cold_start()


def test_settings_refuse_auth_mode_dev_without_the_local_cloud_marker(
    environment: pytest.MonkeyPatch,
) -> None:
    environment.setenv("AUTH_MODE", "dev")

    with pytest.raises(ValidationError, match=f"AUTH_MODE=dev.*{MARKER}"):
        Settings()


@pytest.mark.parametrize("marker", ["0", "false", "", "yes"])
def test_settings_refuse_auth_mode_dev_with_a_marker_that_says_no(
    environment: pytest.MonkeyPatch, marker: str
) -> None:
    environment.setenv("AUTH_MODE", "dev")
    environment.setenv(MARKER, marker)

    with pytest.raises(ValidationError, match="AUTH_MODE=dev"):
        Settings()


@pytest.mark.parametrize(
    "runtime",
    [
        {"AWS_EXECUTION_ENV": "AWS_Lambda_python3.12"},
        {"AWS_LAMBDA_FUNCTION_NAME": "contract-check-api"},
    ],
)
def test_settings_refuse_auth_mode_dev_inside_a_lambda_runtime_even_with_the_marker(
    environment: pytest.MonkeyPatch, runtime: dict[str, str]
) -> None:
    environment.setenv("AUTH_MODE", "dev")
    environment.setenv(MARKER, "1")
    for name, value in runtime.items():
        environment.setenv(name, value)

    with pytest.raises(ValidationError, match="Lambda"):
        Settings()


def test_settings_allow_auth_mode_dev_on_the_local_cloud(environment: pytest.MonkeyPatch) -> None:
    environment.setenv("AUTH_MODE", "dev")
    environment.setenv(MARKER, "1")
    environment.setenv("AWS_EXECUTION_ENV", "CloudShell")  # a shell on AWS is no Lambda

    assert Settings().auth_mode == "dev"


def test_settings_jwt_needs_no_marker_anywhere(environment: pytest.MonkeyPatch) -> None:
    environment.setenv("AWS_EXECUTION_ENV", "AWS_Lambda_python3.12")

    assert Settings().auth_mode == "jwt"


def test_wiring_fails_at_cold_start_when_a_deployed_function_has_auth_mode_dev(
    environment: pytest.MonkeyPatch,
) -> None:
    # GIVEN a function deployed with AuthMode=dev: the template's value, no marker
    environment.setenv("AUTH_MODE", "dev")
    environment.setenv("AWS_LAMBDA_FUNCTION_NAME", "contract-check-api")

    # THEN its first service fails loudly, naming the setting, before any request is served
    with pytest.raises(ValidationError, match="AUTH_MODE=dev"):
        wiring.repository()
    with pytest.raises(ValidationError, match="AUTH_MODE=dev"):
        get_settings()


def test_the_local_cloud_marks_its_functions_as_local() -> None:
    cloud = LocalCloud(env_overrides={"SIGNUP_CREDITS": "5"})

    assert cloud.env_overrides[MARKER] == "1"
    assert DEFAULT_PARAMETERS["AuthMode"] == "dev" and DEFAULT_PARAMETERS["Stage"] == "local"


# --- the template's rule --------------------------------------------------------------------


def _evaluate(condition: Any, parameters: dict[str, str]) -> Any:
    """The value of a rule's condition or assertion for these parameter values."""
    if isinstance(condition, dict) and len(condition) == 1:
        ((name, argument),) = condition.items()
        if name == "Ref":
            return parameters[argument]
        values = [_evaluate(item, parameters) for item in argument]
        functions = {
            "Fn::Equals": lambda a, b: a == b,
            "Fn::Not": lambda a: not a,
            "Fn::And": lambda *a: all(a),
            "Fn::Or": lambda *a: any(a),
            "Fn::Contains": lambda options, value: value in options,
        }
        return functions[name](*values)
    if isinstance(condition, list):
        return [_evaluate(item, parameters) for item in condition]
    return condition


def _rules_allow(parameters: dict[str, str]) -> bool:
    """CloudFormation's check of the template's Rules before it creates anything."""
    sam = load_sam_template(TEMPLATE)
    values = {
        name: str(spec.get("Default", "")) for name, spec in sam["Parameters"].items()
    } | parameters
    for rule in sam["Rules"].values():
        if "RuleCondition" in rule and not _evaluate(rule["RuleCondition"], values):
            continue
        if not all(_evaluate(a["Assert"], values) for a in rule["Assertions"]):
            return False
    return True


def test_the_template_has_a_rule_that_names_auth_mode_dev_and_the_stage() -> None:
    rules = load_sam_template(TEMPLATE)["Rules"]

    local_only = [
        rule
        for rule in rules.values()
        if "AuthMode" in str(rule.get("RuleCondition")) and "dev" in str(rule)
    ]

    assert local_only and "Stage" in str(local_only[0]["Assertions"])
    assert "AuthMode=dev" in local_only[0]["Assertions"][0]["AssertDescription"]


@pytest.mark.parametrize(
    ("parameters", "allowed"),
    [
        ({"AuthMode": "dev", "Stage": "prod"}, False),
        ({"AuthMode": "dev"}, False),  # the default stage is `dev`, a deployed one
        ({"AuthMode": "dev", "Stage": "local"}, True),  # the local cloud's parameters
        (
            {"AuthMode": "jwt", "Stage": "prod", "AuthTokenSecretParameter": "/contract-check/s"},
            True,
        ),
    ],
)
def test_the_template_refuses_auth_mode_dev_on_any_stack_but_the_local_one(
    parameters: dict[str, str], allowed: bool
) -> None:
    assert _rules_allow(parameters) is allowed
    assert _rules_allow(dict(DEFAULT_PARAMETERS)) is True
