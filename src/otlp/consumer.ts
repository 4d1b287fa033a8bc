import type { KeyPrincipal } from '../domain/principal.js';
import { countItems, type ExportOutcome, type OtlpExportArgs } from './decode.js';

// The next layer after the OTLP wire: what becomes of a decoded export. Both transports
// (src/routes/otlp and src/grpc) hand every authenticated, decoded request to the app's consumer
// (AppOptions.otlpConsumer) and answer with its outcome as the OTLP partial_success.

/**
 * Takes one decoded export of a caller. Resolves with how many of its items (data points, log
 * records, spans) were refused and why; throws a DomainError to refuse the request as a whole.
 */
export type OtlpConsumer = (caller: KeyPrincipal, ...exported: OtlpExportArgs) => Promise<ExportOutcome>;

export const NOT_CONFIGURED_MESSAGE = 'OTLP ingestion is not configured on this server: the data was received and discarded';

/**
 * The consumer of a server built without one: every item is refused through partial_success,
 * which OTLP exporters log and do not retry; nothing is kept.
 */
export const notConfiguredConsumer: OtlpConsumer = async (_caller, ...exported) => ({ rejected: countItems(...exported), message: NOT_CONFIGURED_MESSAGE });
