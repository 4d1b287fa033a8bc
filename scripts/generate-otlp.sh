#!/usr/bin/env bash
# Generates src/otlp/generated/** from the official OpenTelemetry protocol definitions, and from
# scripts/otlp/ (the google.rpc error messages OTLP answers carry): TypeScript for
# @bufbuild/protobuf (schemas: OTLP/JSON, the answers, the gRPC services), and, in
# src/otlp/generated/ts-proto/, ts-proto's plain decode functions for the three export requests
# (the receiver's binary decoding: about 2.5 times as fast as @bufbuild/protobuf's
# reflection-based reader; docs/performance.md, "OTLP ingestion"), whose runtime is
# @bufbuild/protobuf/wire. The .proto files of OpenTelemetry are not kept in this repository:
# pass the path of an opentelemetry-proto checkout at a release tag (a git clone, or the tag's
# source archive, whose VERSION file names the tag).
#
#   scripts/generate-otlp.sh /path/to/opentelemetry-proto
#
# Uses buf (npm @bufbuild/buf), protoc-gen-es (npm @bufbuild/protoc-gen-es) and protoc-gen-ts_proto
# (npm ts-proto), all devDependencies. The release used is written to src/otlp/generated/release.ts.
set -euo pipefail

if [ $# -ne 1 ] || [ ! -d "$1/opentelemetry/proto" ]; then
  echo "usage: $0 <opentelemetry-proto checkout> (a directory holding opentelemetry/proto/)" >&2
  exit 2
fi
checkout=$(cd "$1" && pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/src/otlp/generated"
buf="$root/node_modules/.bin/buf"
plugin="$root/node_modules/.bin/protoc-gen-es"
ts_proto="$root/node_modules/.bin/protoc-gen-ts_proto"

# The release: the tag the checkout is at, or the tag its source archive was made from.
release=$(git -C "$checkout" describe --tags --exact-match 2>/dev/null || true)
commit=$(git -C "$checkout" rev-parse HEAD 2>/dev/null || true)
if [ -z "$release" ] && [ -f "$checkout/VERSION" ]; then
  release=$(sed -n 's/.*tag: \(v[0-9][0-9.]*\).*/\1/p' "$checkout/VERSION")
  commit=$(sed -n 's/.*commit=\([0-9a-f]\{40\}\).*/\1/p' "$checkout/VERSION")
fi
if ! [[ "$release" =~ ^v[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
  echo "$checkout is not at a release tag of opentelemetry-proto (git describe and VERSION name none)" >&2
  exit 1
fi

template=$(printf '{"version":"v2","plugins":[{"local":"%s","out":"%s","opt":["target=ts","import_extension=js"]}]}' "$plugin" "$out")
# Decoders only, with the shapes the receiver reads: 64-bit integers as bigint, a oneof as
# { $case, value }, and no encoders, JSON methods or services (@bufbuild/protobuf does those).
ts_proto_options='"esModuleInterop=true","importSuffix=.js","forceLong=bigint","oneof=unions-value","useOptionals=none","outputEncodeMethods=decode-only","outputJsonMethods=false","outputPartialMethods=false","outputServices=false"'
ts_proto_template=$(printf '{"version":"v2","plugins":[{"local":"%s","out":"%s","opt":[%s]}]}' "$ts_proto" "$out/ts-proto" "$ts_proto_options")

rm -rf "$out"
# The signals Quarterdeck receives and the three collector services; profiles are not received.
(cd "$checkout" && "$buf" generate --template "$template" \
  --path opentelemetry/proto/common/v1/common.proto \
  --path opentelemetry/proto/resource/v1/resource.proto \
  --path opentelemetry/proto/metrics/v1/metrics.proto \
  --path opentelemetry/proto/logs/v1/logs.proto \
  --path opentelemetry/proto/trace/v1/trace.proto \
  --path opentelemetry/proto/collector/metrics/v1/metrics_service.proto \
  --path opentelemetry/proto/collector/logs/v1/logs_service.proto \
  --path opentelemetry/proto/collector/trace/v1/trace_service.proto)
(cd "$checkout" && "$buf" generate --template "$ts_proto_template" \
  --path opentelemetry/proto/collector/metrics/v1/metrics_service.proto \
  --path opentelemetry/proto/collector/logs/v1/logs_service.proto \
  --path opentelemetry/proto/collector/trace/v1/trace_service.proto)
(cd "$root/scripts/otlp" && "$buf" generate --template "$template")

cat > "$out/release.ts" <<EOF
// Written by scripts/generate-otlp.sh: the opentelemetry-proto release the code beside it was generated from.
export const OTLP_PROTO_RELEASE = '$release';
export const OTLP_PROTO_COMMIT = '$commit';
EOF
echo "generated $out from opentelemetry-proto $release ($commit)"
