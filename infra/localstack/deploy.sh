#!/usr/bin/env bash
# Deploy the packaged stack to LocalStack (or any endpoint in LOCALSTACK_ENDPOINT).
#   docker compose -f infra/localstack/docker-compose.yml up -d
#   infra/localstack/deploy.sh [TemplateParameter=value ...]
# Needs: the AWS CLI v2 (it honours AWS_ENDPOINT_URL), the project's virtualenv (make setup),
# and LocalStack Community 4 (see README.md beside this file).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PYTHON="${PYTHON:-$ROOT/.venv/bin/python}"
STACK="${STACK_NAME:-contract-check-dev}"
STAGE="${STAGE:-dev}"
export AWS_ENDPOINT_URL="${LOCALSTACK_ENDPOINT:-http://localhost:4566}"
export AWS_DEFAULT_REGION="${AWS_DEFAULT_REGION:-us-east-1}"
export AWS_ACCESS_KEY_ID="${AWS_ACCESS_KEY_ID:-test}" AWS_SECRET_ACCESS_KEY="${AWS_SECRET_ACCESS_KEY:-test}"

cd "$ROOT"
# LocalStack Community does not apply Lambda layers: bundle them into each function (the
# API's and the authorizer's zip included). Without a Tesseract build, scans cannot be read.
if [ -n "${TESSERACT_DIR:-}" ]; then OCR=(--tesseract-dir "$TESSERACT_DIR"); else OCR=(--without-tesseract); fi
"$PYTHON" -m infra.package --out out --bundle-layers "${OCR[@]}"

# The secrets the stack reads, as SecureStrings under /contract-check/<stage>/, made once:
# the tokens' HS256 secret (AuthMode=jwt, the default) and the bot's webhook secret.
secret() {  # NAME: create the parameter with a random value unless it exists
  aws ssm get-parameter --name "$1" >/dev/null 2>&1 || aws ssm put-parameter --type SecureString \
    --name "$1" --value "$("$PYTHON" -c 'import secrets; print(secrets.token_urlsafe(48))')" >/dev/null
}
TOKEN_SECRET="/contract-check/$STAGE/token-secret"
WEBHOOK_SECRET="/contract-check/$STAGE/webhook-secret"
secret "$TOKEN_SECRET"
secret "$WEBHOOK_SECRET"

ARTIFACTS="${STACK}-artifacts"
aws s3api head-bucket --bucket "$ARTIFACTS" 2>/dev/null || aws s3 mb "s3://$ARTIFACTS"
aws cloudformation package --template-file out/sam.json --s3-bucket "$ARTIFACTS" \
    --output-template-file out/packaged.yaml
aws cloudformation deploy --template-file out/packaged.yaml --stack-name "$STACK" \
    --capabilities CAPABILITY_IAM CAPABILITY_AUTO_EXPAND \
    --parameter-overrides Stage="$STAGE" AuthTokenSecretParameter="$TOKEN_SECRET" \
      TelegramWebhookSecretParameter="$WEBHOOK_SECRET" "$@"
aws cloudformation describe-stacks --stack-name "$STACK" \
    --query 'Stacks[0].Outputs[].[OutputKey,OutputValue]' --output table
