"""The model API key from SSM Parameter Store or Secrets Manager, on moto."""

from __future__ import annotations

from typing import TYPE_CHECKING

import boto3
import pytest
from aws_lambda_powertools.utilities import parameters
from moto import mock_aws

from chalicelib.adapters.secrets import resolve_secret
from chalicelib.errors import LlmRequestRejectedError

if TYPE_CHECKING:
    from collections.abc import Iterator

pytestmark = pytest.mark.integration


@pytest.fixture(autouse=True)
def _aws(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("AWS_DEFAULT_REGION", "us-east-1")
    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"):
        monkeypatch.setenv(name, "testing")
    with mock_aws():
        parameters.clear_caches()
        yield
    parameters.clear_caches()


def test_resolve_secret_reads_an_ssm_secure_string() -> None:
    boto3.client("ssm").put_parameter(
        Name="/contract-check/llm-key", Value="sk-from-ssm", Type="SecureString"
    )

    assert resolve_secret("", "/contract-check/llm-key") == "sk-from-ssm"


def test_resolve_secret_reads_secrets_manager_with_its_prefix() -> None:
    boto3.client("secretsmanager").create_secret(Name="llm-key", SecretString="sk-from-sm")

    assert resolve_secret("", "secretsmanager:llm-key") == "sk-from-sm"


def test_resolve_secret_uses_the_plain_value_without_a_parameter() -> None:
    assert resolve_secret("sk-local", "") == "sk-local"


def test_resolve_secret_names_a_missing_parameter_as_an_operator_error() -> None:
    with pytest.raises(LlmRequestRejectedError, match="/nowhere"):
        resolve_secret("", "/nowhere")
