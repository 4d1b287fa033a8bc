import type { App } from '../../http/context.js';
import { exportRoute } from './export-route.js';

// POST /v1/traces — OTLP/HTTP export of traces (an ExportTraceServiceRequest).
export default async function tracesRoute(app: App) {
  exportRoute(app, 'traces', 'Receive OpenTelemetry traces (OTLP/HTTP)');
}
