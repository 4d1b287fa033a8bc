// Written by scripts/generate-otlp.sh: the opentelemetry-proto release the code beside it was generated from.
export const OTLP_PROTO_RELEASE = 'v1.11.0';
export const OTLP_PROTO_COMMIT = '790608c4d51e6ffc12210b541e8514cbed9e91a4';
