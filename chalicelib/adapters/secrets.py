"""Secrets from SSM Parameter Store or Secrets Manager, through Powertools parameters.

A setting names where the secret lives (`LLM_API_KEY_PARAMETER`): an SSM parameter
name (a SecureString is decrypted), or `secretsmanager:<secret id>`. Locally the plain
setting (`LLM_API_KEY`) is used instead. Values are cached for a few minutes per
warm Lambda, so a rotated key is picked up without a redeploy.
"""

from __future__ import annotations

from aws_lambda_powertools.utilities import parameters
from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.errors import LlmRequestRejectedError, StorageUnavailableError

SECRETS_MANAGER_PREFIX = "secretsmanager:"
_CACHE_SECONDS = 300
_MISSING = {"ParameterNotFound", "ResourceNotFoundException", "AccessDeniedException"}


def resolve_secret(plain: str, parameter: str) -> str:
    """The secret: read from `parameter` when one is named, else the plain value (maybe '')."""
    if not parameter:
        return plain
    try:
        if parameter.startswith(SECRETS_MANAGER_PREFIX):
            value = parameters.get_secret(
                parameter.removeprefix(SECRETS_MANAGER_PREFIX), max_age=_CACHE_SECONDS
            )
        else:
            value = parameters.get_parameter(parameter, decrypt=True, max_age=_CACHE_SECONDS)
    except parameters.exceptions.GetParameterError as exc:
        # Powertools raises from inside its handler: the AWS error is the context, not the cause.
        cause = exc.__cause__ or exc.__context__
        code = cause.response["Error"]["Code"] if isinstance(cause, ClientError) else ""
        if code in _MISSING:
            # A wrong name or a missing grant: retrying cannot fix it, an operator must.
            raise LlmRequestRejectedError(
                f"A secret could not be read from {parameter!r} ({code}): check the setting "
                "that names it and the function's grant."
            ) from exc
        raise StorageUnavailableError("The parameter store is unavailable.") from exc
    except (BotoCoreError, ClientError) as exc:
        raise StorageUnavailableError("The parameter store is unavailable.") from exc
    return str(value)
