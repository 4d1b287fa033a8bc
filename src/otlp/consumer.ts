import type { KeyPrincipal } from '../domain/principal.js';
import type { ExportOutcome, OtlpExportArgs } from './decode.js';

// The next layer after the OTLP wire: what becomes of a decoded export. Both transports
// (src/routes/otlp and src/grpc) hand every authenticated, decoded request to the app's consumer
// (AppOptions.otlpConsumer) and answer with its outcome as the OTLP partial_success.

/**
 * Takes one decoded export of a caller. Resolves with how many of its items (data points, log
 * records, spans) were refused and why; throws a DomainError to refuse the request as a whole.
 */
export type OtlpConsumer = (caller: KeyPrincipal, ...exported: OtlpExportArgs) => Promise<ExportOutcome>;
