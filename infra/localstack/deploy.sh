#!/usr/bin/env bash
# Deploy the packaged stack to LocalStack (or any endpoint in LOCALSTACK_ENDPOINT).
#   docker compose -f infra/localstack/docker-compose.yml up -d
#   infra/localstack/deploy.sh
# Needs: the AWS CLI v2 (it honours AWS_ENDPOINT_URL) and the project's virtualenv.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PYTHON="${PYTHON:-$ROOT/.venv/bin/python}"
STACK="${STACK_NAME:-contract-check-dev}"
export AWS_ENDPOINT_URL="${LOCALSTACK_ENDPOINT:-http://localhost:4566}"
export AWS_DEFAULT_REGION="${AWS_DEFAULT_REGION:-us-east-1}"
export AWS_ACCESS_KEY_ID="${AWS_ACCESS_KEY_ID:-test}" AWS_SECRET_ACCESS_KEY="${AWS_SECRET_ACCESS_KEY:-test}"

cd "$ROOT"
# LocalStack Community does not apply Lambda layers: bundle them into each function.
"$PYTHON" -m infra.package --out out --bundle-layers

ARTIFACTS="${STACK}-artifacts"
aws s3api head-bucket --bucket "$ARTIFACTS" 2>/dev/null || aws s3 mb "s3://$ARTIFACTS"
aws cloudformation package --template-file out/sam.json --s3-bucket "$ARTIFACTS" \
    --output-template-file out/packaged.yaml
aws cloudformation deploy --template-file out/packaged.yaml --stack-name "$STACK" \
    --capabilities CAPABILITY_IAM CAPABILITY_AUTO_EXPAND \
    --parameter-overrides Stage="${STAGE:-dev}" "$@"
aws cloudformation describe-stacks --stack-name "$STACK" \
    --query 'Stacks[0].Outputs[].[OutputKey,OutputValue]' --output table
